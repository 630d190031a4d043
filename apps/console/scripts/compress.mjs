// Writes .br and .gz beside every compressible asset of the build, so the server sends
// pre-compressed files (no compression work per request).
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = new Set([
  '.js',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.webmanifest',
]);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of walk(DIST)) {
  if (!COMPRESSIBLE.has(extname(file)) || (await stat(file)).size < 512) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(file + '.br', br);
  await writeFile(file + '.gz', gzipSync(data, { level: 9 }));
  count++;
  before += data.length;
  after += br.length;
}
console.log(
  `compressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`,
);
