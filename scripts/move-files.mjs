// Moves source files and rewrites every relative import that names them, so a reorganisation
// is one reviewed map rather than hundreds of hand edits; and, after merging a branch written
// on the old layout, fixes that branch's imports with the same map.
//
//   node scripts/move-files.mjs MAP            git mv each pair, rewrite imports everywhere
//   node scripts/move-files.mjs MAP --imports  only rewrite imports naming an old path (after a merge)
//
// MAP: one "old new" pair of repository-relative paths a line (`git diff --name-status -M`'s
// R lines are read too: "R100<TAB>old<TAB>new"); '#' starts a comment. Files scanned: every
// tracked or untracked-but-not-ignored .ts/.tsx/.mts/.js/.mjs of the repository. Specifiers
// rewritten: `from '…'`, `import '…'`, `declare module '…'`, `import('…')`, `vi.mock('…')`, `require('…')`,
// relative ones only. Path mentions in comments (a moved file's path below its workspace's
// src/, e.g. "features/x/y.ts") are rewritten too, in files below src/, test/, bench/, e2e/, scripts/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [mapFile, mode] = process.argv.slice(2);
if (!mapFile) {
  console.error('usage: node scripts/move-files.mjs MAP [--imports]');
  process.exit(2);
}
const importsOnly = mode === '--imports';

/** Absolute old path → absolute new path. */
const moves = new Map();
for (const raw of readFileSync(mapFile, 'utf8').split('\n')) {
  const line = raw.replace(/#.*/, '').trim();
  if (!line) continue;
  const parts = line.split(/\s+/);
  const [from, to] = parts[0].startsWith('R') && parts.length === 3 ? parts.slice(1) : parts;
  if (!from || !to) throw new Error(`move-files: cannot read "${raw}"`);
  moves.set(resolve(ROOT, from), resolve(ROOT, to));
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
const files = git('ls-files', '--cached', '--others', '--exclude-standard', '-z')
  .split('\0')
  .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.includes('node_modules/'))
  .map((f) => resolve(ROOT, f))
  .filter((f) => existsSync(f));

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.d.ts'];
const existed = (path) => moves.has(path) || (!importsOnly && existsSync(path));

/** The file a relative specifier names, as TypeScript's bundler/node16 resolution finds it. */
function target(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => join(base, 'index' + e)),
  ];
  return candidates.find(existed);
}

/** The specifier naming `newTarget` from `newFile`, in the style of the old one. */
function respecify(oldSpec, oldTarget, newFile, newTarget) {
  const oldBase = resolve('/', oldSpec);
  // What the specifier leaves out of the file's path: its ".ts" for ".js", "/index.ts", nothing.
  let path = newTarget;
  const oldStemmed = oldTarget.replace(/\.(d\.ts|tsx|mts|ts|mjs|js)$/, '');
  const ext = oldTarget.slice(oldStemmed.length);
  if (
    oldTarget.endsWith(sep + 'index' + ext) &&
    !oldSpec.endsWith('index' + ext) &&
    !/index\.\w+$/.test(oldSpec)
  ) {
    path = dirname(newTarget);
  } else {
    const specExt = /\.(js|mjs|jsx|ts|tsx|mts)$/.exec(oldBase)?.[0] ?? '';
    path = newTarget.slice(0, newTarget.length - ext.length) + specExt;
  }
  let spec = relative(dirname(newFile), path).split(sep).join('/');
  if (!spec.startsWith('.')) spec = './' + spec;
  return spec;
}

const SPECIFIER =
  /((?:from|import|declare\s+module)\s*\(?\s*|vi\.mock\(\s*|require\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** Server-src-relative old path → new, for comments: "sos/raise.ts" → "sos/raise.ts". */
const mentions = [];
for (const [from, to] of moves) {
  const m = /^(.*\/src)\/(.+)$/.exec(relative(ROOT, from));
  const n = /^(.*\/src)\/(.+)$/.exec(relative(ROOT, to));
  if (m && n && m[1] === n[1]) mentions.push([m[1], m[2], n[2]]);
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const mentionRules = mentions
  .sort((a, b) => b[1].length - a[1].length)
  .map(([, from, to]) => [new RegExp(`(?<=^|[^\\w./-]|src/)${escape(from)}(?![\\w-])`, 'g'), to]);

const writes = new Map();
let rewritten = 0;
for (const file of files) {
  const newFile = importsOnly ? file : (moves.get(file) ?? file);
  const text = readFileSync(file, 'utf8');
  let out = text.replace(SPECIFIER, (whole, head, quote, spec) => {
    const oldTarget = target(file, spec);
    if (!oldTarget) return whole;
    const newTarget = moves.get(oldTarget) ?? oldTarget;
    if (newTarget === oldTarget && newFile === file) return whole;
    const next = respecify(spec, oldTarget, newFile, newTarget);
    if (next === spec) return whole;
    rewritten++;
    return `${head}${quote}${next}${quote}`;
  });
  if (/\/(src|test|bench|e2e|scripts)\//.test(file)) {
    for (const [pattern, to] of mentionRules) out = out.replace(pattern, to);
  }
  if (out !== text || newFile !== file) writes.set(file, [newFile, out, out !== text]);
}

if (!importsOnly) {
  for (const [from, to] of moves) {
    mkdirSync(dirname(to), { recursive: true });
    git('mv', relative(ROOT, from), relative(ROOT, to));
  }
}
let changed = 0;
for (const [, [newFile, out, edited]] of writes) {
  if (!edited) continue;
  writeFileSync(newFile, out);
  changed++;
}
console.log(
  `move-files: ${importsOnly ? 0 : moves.size} moved, ${rewritten} imports rewritten in ${changed} files`,
);
