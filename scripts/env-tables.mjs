// The tables of the server's variables in README.md and docs/operations.md, made from the one
// module that reads them, apps/server/src/env.ts: each variable's name, its default (from
// `.default(…)`, else unset) and its meaning (its JSDoc comment). `node scripts/env-tables.mjs
// --write` rewrites the tables between their markers; without --write (`npm run lint`) it
// fails when a table is not what env.ts says, or a variable has no comment.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENV = 'apps/server/src/env.ts';
const PAGES = ['README.md', 'docs/operations.md'];
const BEGIN = '<!-- env table: made by scripts/env-tables.mjs from apps/server/src/env.ts -->';
const END = '<!-- end of env table -->';

const text = readFileSync(join(ROOT, ENV), 'utf8');
const source = ts.createSourceFile(ENV, text, ts.ScriptTarget.Latest, true);

/** The object literal given to z.object() as `envSchema`. */
function schemaObject() {
  let found;
  source.forEachChild(function visit(node) {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(source) === 'envSchema' &&
      node.initializer &&
      ts.isCallExpression(node.initializer)
    ) {
      found = node.initializer.arguments[0];
    }
    node.forEachChild(visit);
  });
  if (!found || !ts.isObjectLiteralExpression(found))
    throw new Error(`${ENV}: no envSchema = z.object({…})`);
  return found;
}

/** The argument of the outermost .default(…) in a property's chain, as a table shows it. */
function defaultOf(initializer) {
  let node = initializer;
  while (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'default') {
      const arg = node.arguments[0];
      if (ts.isStringLiteral(arg)) return `\`${arg.text}\``;
      if (ts.isArrayLiteralExpression(arg))
        return `\`${arg.elements.map((e) => e.getText(source)).join('-')}\``;
      return `\`${arg.getText(source).replaceAll('_', '')}\``;
    }
    node = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
  }
  return 'unset';
}

/** A property's JSDoc comment as one line. */
function commentOf(property) {
  const docs = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc);
  const comment = docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? '').join(' ');
  return comment.replace(/\s+/g, ' ').trim();
}

const problems = [];
const rows = schemaObject().properties.map((property) => {
  const name = property.name.getText(source);
  const meaning = commentOf(property);
  if (!meaning) problems.push(`${ENV}: ${name} has no JSDoc comment to say what it means`);
  return `| \`${name}\` | ${defaultOf(property.initializer)} | ${meaning.replaceAll('|', '\\|')} |`;
});
const table = [
  BEGIN,
  '',
  '| variable | default | meaning |',
  '| --- | --- | --- |',
  ...rows,
  '',
  END,
].join('\n');

const write = process.argv.includes('--write');
for (const page of PAGES) {
  const path = join(ROOT, page);
  const current = readFileSync(path, 'utf8');
  const from = current.indexOf(BEGIN);
  const to = current.indexOf(END);
  if (from < 0 || to < from) {
    problems.push(`${page}: no env table markers (${BEGIN} … ${END})`);
    continue;
  }
  const next = current.slice(0, from) + table + current.slice(to + END.length);
  if (next === current) continue;
  if (write) writeFileSync(path, next);
  else
    problems.push(
      `${page}: its env table is not what ${ENV} says: run node scripts/env-tables.mjs --write`,
    );
}
for (const problem of problems) console.log(`  env tables: ${problem}`);
console.log(`env tables: ${rows.length} variables, ${problems.length} problem(s)`);
if (problems.length > 0) process.exit(1);
