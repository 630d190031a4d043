/** An entry of a ustar archive: a regular file or a folder, named relative to the archive's root. */
export interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  data: Buffer;
}

function field(header: Buffer, start: number, end: number): string {
  const bytes = header.subarray(start, end);
  const nul = bytes.indexOf(0);
  return bytes.subarray(0, nul < 0 ? bytes.length : nul).toString('utf8');
}

/** The header's checksum: its bytes summed, the checksum field itself counted as spaces. */
function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

/** Reads a ustar archive (what PGlite's dumpDataDir and writeTar write): files and folders only. */
export function parseTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break; // end of archive
    if (checksum(header) !== Number.parseInt(field(header, 148, 156).trim(), 8)) {
      throw new Error(`seed data directory: corrupt tar header at byte ${offset}`);
    }
    const prefix = field(header, 345, 500);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    const flag = String.fromCharCode(header[156] || 48);
    const data = archive.subarray(offset + 512, offset + 512 + size);
    if (flag === '0') entries.push({ name, type: 'file', data });
    else if (flag === '5') entries.push({ name, type: 'dir', data });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';

/**
 * Writes a ustar archive of files and folders (a folder before what it holds), which
 * parseTar and PGlite's loadDataDir read. Names up to 100 bytes: a data directory's are short.
 */
export function writeTar(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, type, data } of entries) {
    if (Buffer.byteLength(name) > 100) throw new Error(`tar: name longer than 100 bytes: ${name}`);
    const header = Buffer.alloc(512);
    header.write(name, 0, 'utf8');
    header.write(octal(type === 'dir' ? 0o700 : 0o600, 8), 100, 'ascii');
    header.write(octal(0, 8), 108, 'ascii'); // uid
    header.write(octal(0, 8), 116, 'ascii'); // gid
    header.write(octal(type === 'dir' ? 0 : data.length, 12), 124, 'ascii');
    header.write(octal(0, 12), 136, 'ascii'); // mtime
    header.write(type === 'dir' ? '5' : '0', 156, 'ascii');
    header.write('ustar\u000000', 257, 'ascii');
    header.write(octal(checksum(header), 7) + ' ', 148, 'ascii');
    blocks.push(header);
    if (type === 'file' && data.length > 0) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024)); // two zero blocks end the archive
  return Buffer.concat(blocks);
}
