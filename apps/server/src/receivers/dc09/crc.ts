/**
 * CRC-16/ARC (poly 0x8005 reflected = 0xA001, init 0, no final xor), the checksum of a DC-09
 * frame: "123456789" → 0xBB3D. Table-driven: it runs once per frame received.
 */
const TABLE = new Uint16Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  TABLE[n] = c;
}

export function crc16arc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = (crc >>> 8) ^ TABLE[(crc ^ byte) & 0xff]!;
  return crc;
}

/** As a frame carries it: 4 upper-case hex digits. */
export function crcHex(data: Buffer): string {
  return crc16arc(data).toString(16).toUpperCase().padStart(4, '0');
}
