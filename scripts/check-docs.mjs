// `npm run lint`: the docs cannot drift from the code unnoticed. Fails when
// - a source file cites a section of a page, `docs/x.md "Section"` (or `docs/x.md, "Section"`),
//   that the page has no heading for;
// - a page of docs/ (or a README) names a file or folder of the repository, in backticks or as
//   a link, that does not exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && existsSync(join(ROOT, f)));

const problems = [];

/** A heading or a cited section, compared without case, quotes, backticks or extra spaces. */
const normal = (text) => text.toLowerCase().replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();

const headingsOf = new Map();
function headings(page) {
  if (!headingsOf.has(page)) {
    const path = join(ROOT, page);
    const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
    headingsOf.set(
      page,
      text === null
        ? null
        : [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => normal(m[1])),
    );
  }
  return headingsOf.get(page);
}

/** A heading names the section when it is the cited text, or starts with it then punctuation. */
const names = (heading, section) =>
  heading === section ||
  (heading.startsWith(section) && /^[\s:(,.—–-]/.test(heading.slice(section.length)));

// 1. Sections cited in code. A citation may run over a comment's line break.
const CODE = /\.(ts|tsx|mjs|js|cjs)$/;
const CITE = /(docs\/[\w-]+\.md),?\s*(?:(?:\/\/|\*)\s*)*["“]([^"”]+?)["”]/g;
for (const file of tracked.filter((f) => CODE.test(f) && !f.startsWith('scripts/check-docs'))) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const match of text.matchAll(CITE)) {
    const [, page, raw] = match;
    // The text within the quotes, with the comment markers of a wrapped line taken out.
    const section = normal(raw.replace(/\n\s*(\/\/|\*)?/g, ' '));
    const line = text.slice(0, match.index).split('\n').length;
    const found = headings(page);
    if (found === null) problems.push(`${file}:${line}: cites ${page}, which does not exist`);
    else if (!found.some((h) => names(h, section)))
      problems.push(`${file}:${line}: cites ${page} "${raw}", which has no such heading`);
  }
}

// 2. Paths named in the docs.
const PAGES = tracked.filter(
  (f) => f.endsWith('.md') && (f.startsWith('docs/') || /(^|\/)README\.md$/.test(f)),
);
/** Every file and folder, so that a path written from its folder (`scaip/xml.ts`) is found too. */
const ENTRIES = new Set(
  tracked.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
);
const ENTRY_LIST = [...ENTRIES];
const looksLikePath = (token) =>
  /^[\w.@-]+(\/[\w.@-]+)+\/?$/.test(token) &&
  (/\.[a-z]{1,5}$/.test(token) || token.endsWith('/')) &&
  !token.includes('://') &&
  !/^(node_modules|dist)\//.test(token);
const exists = (page, token) => {
  const path = token.replace(/\/$/, '');
  return (
    ENTRIES.has(path) ||
    ENTRIES.has(join(dirname(page), path)) ||
    ENTRY_LIST.some((entry) => entry.endsWith(`/${path}`))
  );
};

for (const page of PAGES) {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const lines = text.split('\n');
  let fenced = false;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    const tokens = [
      ...[...line.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]),
      ...[...line.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)]
        .map((m) => m[1])
        .filter((t) => !/^[a-z]+:/.test(t)),
    ];
    for (const raw of tokens) {
      const token = raw.replace(/:\d+(-\d+)?$/, '').replace(/^\.\//, '');
      if (!looksLikePath(token)) continue;
      if (!exists(page, token))
        problems.push(`${page}:${i + 1}: names ${token}, which does not exist`);
    }
  });
}

for (const problem of problems) console.log(`  docs: ${problem}`);
console.log(`docs: ${problems.length} citation(s) of a missing section or path`);
if (problems.length > 0) process.exit(1);
