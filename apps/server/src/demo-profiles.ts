import { like, sql } from 'drizzle-orm';
import {
  CHECK_IN_DAYS,
  CHECK_IN_WINDOWS_MAX,
  type CheckInWindow,
  type DeviceProfile,
} from '@sos/contract';
import { scheduleCheckIn } from './expectations/schedule.js';
import type { Db } from './db/client.js';
import { deviceProfiles, devices } from './db/schema.js';

/*
 * Plausible Italian residents for the demo's devices (docs/alarm-handling.md), derived from the device's
 * id so a restart writes the same ones. Fictitious: 555 numbers, no real person.
 */
/** First names by the resident's or contact's gender, so "Sig.ra" and "figlia" match them. */
const FIRST = {
  F: ['Giuseppina', 'Maria', 'Rosa', 'Anna'],
  M: ['Antonio', 'Francesco', 'Giovanni', 'Salvatore'],
} as const;
type Gender = keyof typeof FIRST;
const LAST = [
  'Ferraro',
  'Russo',
  'Colombo',
  'Esposito',
  'Ricci',
  'Marino',
  'Greco',
  'Galli',
  'Conti',
];
const STREETS = [
  'Via Garibaldi',
  'Corso Vittorio Emanuele II',
  'Via Roma',
  'Piazza Cavour',
  'Via Manzoni',
];
const CITIES = ['10122 Torino', '20121 Milano', '40126 Bologna', '50122 Firenze', '16123 Genova'];
const NOTES = [
  'Diabetica, insulina la sera. Chiavi dalla vicina del piano terra.',
  'Cardiopatico, pacemaker. Cane in casa, tranquillo.',
  'Vive sola; ipoacusia: parlare lentamente e ad alta voce.',
  'Allergico alla penicillina. Cancello: codice al figlio.',
];
const RELATIONS: Record<Gender, readonly string[]> = {
  F: ['figlia', 'vicina di casa', 'nipote', 'badante'],
  M: ['figlio', 'vicino di casa', 'nipote', 'badante'],
};
const GENDERS: readonly Gender[] = ['F', 'M'];

const at = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
const phone = (n: number, mobile: boolean) =>
  mobile
    ? `+39 3${at([33, 35, 47, 49], n)} 555 ${String(1000 + (n % 9000)).slice(-4)}`
    : `+39 0${11 + (n % 80)} 555 ${String(100 + (n % 900))}`;

/**
 * The resident behind a demo device: named after the device when its name says who
 * ("Ciondolo Sig.ra Rossi" is Mrs Rossi's: a woman's first name and Rossi), else from the id;
 * each contact's relation agrees with the contact's first name.
 */
export function demoProfile(id: number, displayName = ''): DeviceProfile {
  const named = /\bSig(\.ra|\.)\s+(\p{Lu}[\p{L}']+)/u.exec(displayName);
  const gender: Gender = named ? (named[1] === '.ra' ? 'F' : 'M') : at(GENDERS, id);
  const surname = named?.[2] ?? at(LAST, id * 7);
  const contact = (n: number, last: string) => {
    const g = at(GENDERS, n);
    return {
      name: `${at(FIRST[g], n)} ${last}`,
      phone: phone(n, true),
      relation: at(RELATIONS[g], n),
    };
  };
  return {
    residentName: `${at(FIRST[gender], id)} ${surname}`,
    address: `${at(STREETS, id * 3)} ${(id % 120) + 1}, ${at(CITIES, id * 5)}`,
    phone: phone(id, false),
    notes: at(NOTES, id),
    contacts: [
      contact(id + 1, surname),
      ...(id % 2 === 0 ? [contact(id + 2, at(LAST, id + 2))] : []),
    ],
    checkIns: [],
  };
}

/** Residents who check in (never, in the demo): between them a window ends every hour. */
const CHECKING_IN = Math.ceil(24 / CHECK_IN_WINDOWS_MAX);

/**
 * The n-th of those residents' windows (docs/expected-events.md): every day, five minutes from
 * each hour h with h % CHECKING_IN === n, so one of them misses a window every hour at :05.
 */
function demoCheckIns(n: number): CheckInWindow[] {
  const hours = Array.from({ length: 24 }, (_, h) => h).filter((h) => h % CHECKING_IN === n);
  const hh = (h: number) => String(h).padStart(2, '0');
  return hours.map((h) => ({ days: [...CHECK_IN_DAYS], from: `${hh(h)}:00`, to: `${hh(h)}:05` }));
}

/**
 * Writes a resident profile for every demo device that has none, through the database
 * (never through the API, whose requests are logged): an administrator's edits are kept.
 * The first few residents get check-in windows, scheduled in `zone`.
 */
export async function writeDemoProfiles(db: Db, serialPrefix: string, zone: string): Promise<void> {
  const rows = await db
    .select({ id: devices.id, displayName: devices.displayName })
    .from(devices)
    .where(like(devices.serial, `${serialPrefix}%`))
    .orderBy(devices.id);
  if (rows.length === 0) return;
  const profiles = rows.map(({ id, displayName }, i) => ({
    ...demoProfile(id, displayName),
    ...(i < CHECKING_IN ? { checkIns: demoCheckIns(i) } : {}),
  }));
  const written = await db
    .insert(deviceProfiles)
    .values(rows.map(({ id }, i) => ({ deviceId: id, ...profiles[i]!, updatedAt: sql`now()` })))
    .onConflictDoNothing()
    .returning({ deviceId: deviceProfiles.deviceId, checkIns: deviceProfiles.checkIns });
  for (const row of written) {
    if (row.checkIns.length > 0)
      await scheduleCheckIn(db, row.deviceId, row.checkIns as CheckInWindow[], zone, new Date());
  }
}
