import { DISPLAY_NAME_MAX_LENGTH, SERIAL_MAX_LENGTH, SERIAL_PATTERN } from '@sos/contract';

/**
 * Who carries the simulated devices: the kinds of places and people a telecare
 * service in Italy would list. Names are derived from the device's number, so a
 * restarted simulation registers the same devices under the same names.
 */
const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];
const FIRST_NAMES = ['Giulia', 'Marco', 'Anna', 'Giuseppe', 'Maria', 'Luca', 'Rosa', 'Franco'];
const STREETS = [
  'Via Roma',
  'Via Garibaldi',
  'Corso Italia',
  'Via Mazzini',
  'Piazza Dante',
  'Via Verdi',
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The display name of device number n (1-based), e.g. 'Pulsante Camera 12'. */
export function displayNameFor(n: number): string {
  const round = Math.floor((n - 1) / 6);
  let name: string;
  switch ((n - 1) % 6) {
    case 0:
      name = `Pulsante Camera ${n}`;
      break;
    case 1:
      name = `Ciondolo Sig.ra ${pick(SURNAMES, round)}`;
      break;
    case 2:
      name = `Bracciale ${pick(FIRST_NAMES, round)} ${pick(SURNAMES, round + 7)}`;
      break;
    case 3:
      name = `Pulsante Bagno Camera ${n}`;
      break;
    case 4:
      name = `Ciondolo Sig. ${pick(SURNAMES, round + 3)}`;
      break;
    default:
      name = `Telesoccorso ${pick(STREETS, round)} ${(round % 90) + 1}`;
  }
  // Past one round of surnames, names would repeat: the number keeps them apart.
  const repeats = round >= SURNAMES.length && !name.endsWith(` ${n}`);
  return (repeats ? `${name} (${n})` : name).slice(0, DISPLAY_NAME_MAX_LENGTH);
}

/** The serial of device number n, e.g. serialFor('SIM-', 1) === 'SIM-0001'. */
export function serialFor(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/** Why a serial prefix cannot be used, or undefined when it can. */
export function serialPrefixProblem(prefix: string, devices: number): string | undefined {
  const longest = serialFor(prefix, devices);
  if (!SERIAL_PATTERN.test(longest)) return 'may contain only letters, digits and . _ : -';
  if (longest.length > SERIAL_MAX_LENGTH)
    return `is too long: serials are at most ${SERIAL_MAX_LENGTH} characters`;
  return undefined;
}
