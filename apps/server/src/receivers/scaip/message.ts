import type { SourceParts } from '@sos/contract';
import type { DeviceSignal, ReceivedMessage } from '../signal.js';
import {
  ALARM_STATUS_CODES,
  CANCEL_STATUS_CODE,
  TECHNICAL_BY_STC,
  TECHNICAL_CLEAR_BY_STC,
  TEST_STATUS_CODES,
  ACTIVITY_DETECTOR_TYPE,
  CHECK_IN_STATUS_CODES,
  deviceTypeWords,
  kindOfDeviceType,
} from './codes.js';
import { deviceWords } from '../device-text.js';
import type { Mrq } from './mrq.js';

/**
 * A valid `<mrq>` → what it means for us (docs/scaip.md): one signal, on the device
 * `SCAIP-<cid>`, repeats recognised by `ref`.
 */

/** The peripheral's parts, for the console to word in each language (docs/alarm-kinds.md "Device words"). */
function peripheralParts(mrq: Mrq): SourceParts {
  return {
    peripheral: mrq.dty,
    ...(mrq.did ? { number: mrq.did } : {}),
    ...(mrq.dco ? { component: mrq.dco } : {}),
    ...(mrq.dte ? { room: mrq.dte } : {}),
  };
}

/** The peripheral in words: "Rilevatore di caduta, n. 2, componente 1, Camera da letto". */
function peripheralDetail(mrq: Mrq): string {
  const parts = [deviceTypeWords(mrq.dty)];
  if (mrq.did) parts.push(`n. ${mrq.did}`);
  if (mrq.dco) parts.push(`componente ${mrq.dco}`);
  if (mrq.dte) parts.push(mrq.dte);
  return parts.join(', ');
}

function signalOf(mrq: Mrq): DeviceSignal {
  const code = `${mrq.dty}/${mrq.stc ?? ''}`;
  const detail = peripheralDetail(mrq);
  const parts = peripheralParts(mrq);
  const stc = mrq.stc;
  switch (mrq.mty) {
    case 'PI':
      return { type: 'HEARTBEAT' };
    case 'IN':
      return { type: 'CONTACT', code };
    case 'RE': {
      // A reset of a technical condition ends it (the only clear a tamper has); any other
      // reset is the device's restore.
      const alarm = stc ? (TECHNICAL_BY_STC[stc] ?? TECHNICAL_CLEAR_BY_STC[stc]) : undefined;
      return alarm
        ? { type: 'TECHNICAL_CLEAR', alarm, code, detail }
        : { type: 'RESTORE', code, detail, parts };
    }
    default:
      break;
  }
  if (stc === undefined || ALARM_STATUS_CODES.includes(stc)) {
    const signal: DeviceSignal = {
      type: 'ALARM',
      kind: kindOfDeviceType(mrq.dty),
      code,
      detail,
      parts,
    };
    if (mrq.location) signal.location = mrq.location;
    if (mrq.cha === '1' && mrq.crd) signal.callBackUri = mrq.crd;
    return signal;
  }
  const technical = TECHNICAL_BY_STC[stc];
  if (technical) return { type: 'TECHNICAL', alarm: technical, code, detail };
  const cleared = TECHNICAL_CLEAR_BY_STC[stc];
  if (cleared) return { type: 'TECHNICAL_CLEAR', alarm: cleared, code, detail };
  if (stc === CANCEL_STATUS_CODE) return { type: 'CANCEL', code, detail, parts };
  if (TEST_STATUS_CODES.includes(stc)) return { type: 'TEST', code };
  if (mrq.dty === ACTIVITY_DETECTOR_TYPE && CHECK_IN_STATUS_CODES.includes(stc))
    return { type: 'CHECK_IN', code };
  // Every other status: the device is alive, nothing more.
  return { type: 'CONTACT', code };
}

/** Each SCAIP text beside the code it describes: dte the device type, stt the status, … */
const TEXT_CODES = [
  ['dte', 'dty'],
  ['stt', 'stc'],
  ['lte', 'lco'],
  ['ite', 'ico'],
] as const;

/** The document with every text that breaks the operator-text rule replaced by its code. */
function withReadableTexts(mrq: Mrq): Mrq {
  const readable: Mrq = { ...mrq };
  for (const [text, code] of TEXT_CODES) {
    const words = mrq[text];
    if (words === undefined) continue;
    const kept = deviceWords(words, mrq[code] ?? null);
    if (kept === null) delete readable[text];
    else readable[text] = kept;
  }
  return readable;
}

export function toReceivedMessage(sent: Mrq): ReceivedMessage {
  const mrq = withReadableTexts(sent);
  return {
    protocol: 'SCAIP',
    serial: `SCAIP-${mrq.cid}`,
    displayName: `SCAIP ${mrq.cid}`,
    repeatKey: mrq.ref,
    signals: [signalOf(mrq)],
  };
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `<hbo>` of a unit whose heartbeat interval the receiver may set (docs/expected-events.md). */
export const HBO_ADJUSTABLE = '001';

/**
 * `mre` of the answer (docs/voice.md): with voice on, an alarm of a duplex unit (`cha` 0 or
 * absent) is answered 1, "call in now"; a call-back unit (`cha` 1) 0, the operator calls its
 * `crd`. Voice off: always 0, as before.
 */
export function mreOf(mrq: Mrq, voice: boolean): 0 | 1 {
  return voice && signalOf(mrq).type === 'ALARM' && mrq.cha !== '1' ? 1 : 0;
}

/**
 * The answer document: `<mrs><ref>…</ref><snu>n</snu><mre>0</mre></mrs>`, with `<hbi>` (the
 * heartbeat interval in seconds; docs/expected-events.md) last when the unit is to be told it.
 */
export function mrsBody(
  ref: string | null,
  snu: 0 | 2 | 3 | 7,
  mre: 0 | 1 = 0,
  hbi?: number,
): Buffer {
  const interval = hbi === undefined ? '' : `<hbi>${hbi}</hbi>`;
  return Buffer.from(
    `<mrs><ref>${escapeXml(ref ?? '')}</ref><snu>${snu}</snu><mre>${mre}</mre>${interval}</mrs>`,
    'utf8',
  );
}
