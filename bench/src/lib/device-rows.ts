import { deviceNameSortKey } from '@sos/contract';

/** A device a bench puts straight into the database, as the device API or a receiver would register it. */
export interface DeviceRow {
  serial: string;
  name: string;
}

/**
 * `INSERT INTO devices` of `rows` given as JSON text (a parameter, or a quoted literal): every
 * device with its name's key (name_sort_key has no default; docs/console.md, dashboard order).
 */
export const insertDevicesSql = (
  json: string,
) => `INSERT INTO devices (serial, display_name, name_sort_key)
  SELECT serial, name, key FROM json_to_recordset(${json}::json) AS r(serial text, name text, key text)`;

export const deviceRowsJson = (rows: readonly DeviceRow[]): string =>
  JSON.stringify(rows.map(({ serial, name }) => ({ serial, name, key: deviceNameSortKey(name) })));

/** `insertDevicesSql` with the rows written in: for a script of several statements (no parameters). */
export const insertDevicesLiteral = (rows: readonly DeviceRow[]): string =>
  insertDevicesSql(`'${deviceRowsJson(rows).replaceAll("'", "''")}'`);

/** Rows 1..count, `make(i)` each. */
export const deviceRange = (count: number, make: (i: number) => DeviceRow): DeviceRow[] =>
  Array.from({ length: count }, (_, i) => make(i + 1));
