import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';

const ROOT = new URL('../../../', import.meta.url);
const example = parse(readFileSync(new URL('.env.example', ROOT)));
/** Every variable env.ts validates (its schema's keys, one per line). */
const declared = [
  ...readFileSync(new URL('apps/server/src/env.ts', ROOT), 'utf8').matchAll(
    /^ {2}([A-Z][A-Z0-9_]+):/gm,
  ),
].map((m) => m[1]);

describe('.env.example', () => {
  it('documents every variable of the configuration', () => {
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !(name! in example))).toEqual([]);
    expect(Object.keys(example).filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('shows the real defaults: copied as is, it changes nothing', () => {
    expect(loadEnv(example)).toEqual(loadEnv({}));
  });
});
