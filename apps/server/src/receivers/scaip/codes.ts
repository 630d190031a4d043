import type { AlarmKind, DeviceTechnicalType } from '@sos/contract';

/**
 * What SCAIP's codes mean to us (docs/scaip.md): the alarm kind of each device type `dty`,
 * its name in Italian for the SOS's detail and timeline, and what each status code `stc` does.
 */

const KIND_BY_DTY: Readonly<Record<string, AlarmKind>> = {
  '0005': 'FALL',
  '0030': 'FALL',
  '0023': 'FIRE',
  '0025': 'FIRE',
  '0047': 'FIRE',
  '0021': 'GAS',
  '0026': 'GAS',
  '0033': 'FLOOD',
  '0028': 'INTRUSION',
  '0029': 'INTRUSION',
  '0036': 'INTRUSION',
  '0010': 'INACTIVITY',
  '0012': 'INACTIVITY',
  '0013': 'INACTIVITY',
  '0044': 'INACTIVITY',
  '0014': 'WANDERING',
  '0015': 'WANDERING',
  '0017': 'MEDICAL',
  '0019': 'MEDICAL',
  '0002': 'PANIC',
  '0003': 'PANIC',
  '0004': 'PANIC',
  '0006': 'PANIC',
  '0007': 'PANIC',
  '0048': 'PANIC',
};

/** The kind an alarm from this device type raises; unlisted types raise OTHER. */
export function kindOfDeviceType(dty: string): AlarmKind {
  return KIND_BY_DTY[dty] ?? 'OTHER';
}

/**
 * Operators read these in the SOS's detail ("Rilevatore di caduta, n. 2"). Our own words
 * for the device families each code stands for; an unlisted code reads "Dispositivo 0099".
 */
const DEVICE_TYPE_WORDS: Readonly<Record<string, string>> = {
  '0001': 'Unità locale',
  '0002': 'Pulsante di allarme',
  '0003': 'Pulsante da polso',
  '0004': 'Ciondolo di allarme',
  '0005': 'Rilevatore di caduta',
  '0006': 'Tirante di allarme',
  '0007': 'Pulsante fisso',
  '0010': 'Sensore del letto',
  '0012': 'Sensore della poltrona',
  '0013': 'Sensore di presenza',
  '0014': 'Sensore della porta',
  '0015': 'Rilevatore di allontanamento',
  '0017': 'Rilevatore di crisi epilettiche',
  '0019': 'Sensore medico',
  '0021': 'Rilevatore di gas',
  '0023': 'Rilevatore di fumo',
  '0025': 'Rilevatore di calore',
  '0026': 'Rilevatore di monossido di carbonio',
  '0028': 'Rilevatore di movimento',
  '0029': 'Contatto porta o finestra',
  '0030': 'Sensore di caduta',
  '0033': 'Rilevatore di allagamento',
  '0036': 'Rilevatore di rottura vetri',
  '0044': 'Sensore di inattività',
  '0047': 'Rilevatore di temperatura',
  '0048': 'Pulsante di allarme mobile',
};

export function deviceTypeWords(dty: string): string {
  return DEVICE_TYPE_WORDS[dty] ?? `Dispositivo ${dty}`;
}

/** stc values that are alarms when mty is ME or absent (as is no stc at all). */
export const ALARM_STATUS_CODES: readonly string[] = ['0009', '0010', '0011'];
export const CANCEL_STATUS_CODE = '0019';
export const TEST_STATUS_CODES: readonly string[] = ['0102', '0103'];
/** An activity detector (dty) reporting activity (stc): the resident's check-in (docs/expected-events.md). */
export const ACTIVITY_DETECTOR_TYPE = '0010';
export const CHECK_IN_STATUS_CODES: readonly string[] = ['0119', '0121'];

/** stc that set a technical alarm, and the stc that clears each (tamper clears on RE only). */
export const TECHNICAL_BY_STC: Readonly<Record<string, DeviceTechnicalType>> = {
  '0016': 'LOW_BATTERY',
  '0085': 'POWER_FAILURE',
  '0125': 'TAMPER',
};
export const TECHNICAL_CLEAR_BY_STC: Readonly<Record<string, DeviceTechnicalType>> = {
  '0015': 'LOW_BATTERY',
  '0086': 'POWER_FAILURE',
};
