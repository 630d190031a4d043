import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The console build's JavaScript per route, from the built files themselves (the Vite
 * config writes no manifest): the entry named by index.html, each chunk's static imports
 * (`import … from "./x.js"`), and the lazy page chunks the router loads per route.
 */
export interface ChunkGraph {
  assetsDir: string;
  entry: string;
  css: string[];
  files: string[];
  staticImports: Map<string, string[]>;
  dynamicImports: Map<string, string[]>;
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g;

export function readChunkGraph(distDir: string): ChunkGraph {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`no module entry script in ${distDir}/index.html`);
  const css = [
    ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([^"]+\.css)"/g),
  ].map((m) => m[1]!);
  const assetsDir = join(distDir, 'assets');
  const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
  const staticImports = new Map<string, string[]>();
  const dynamicImports = new Map<string, string[]>();
  for (const file of files) {
    const code = readFileSync(join(assetsDir, file), 'utf8');
    staticImports.set(file, [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!))]);
    dynamicImports.set(file, [...new Set([...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!))]);
  }
  return { assetsDir, entry, css, files, staticImports, dynamicImports };
}

/** A chunk and everything it imports statically (what loading it downloads). */
export function closure(graph: ChunkGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.staticImports.get(file) ?? []));
  }
  return seen;
}

/** The built chunk of a lazy page, found by the name Vite gives it (`LoginPage-<hash>.js`). */
export function pageChunk(graph: ChunkGraph, component: string): string | undefined {
  return graph.files.find((f) => f.startsWith(`${component}-`));
}

export interface Weight {
  files: number;
  rawKB: number;
  gzipKB: number;
  brotliKB: number;
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();

function sizeOf(path: string) {
  let size = sizes.get(path);
  if (!size) {
    const data = readFileSync(path);
    size = {
      raw: data.length,
      // Level 9: what the build's compress step writes beside each file.
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(path, size);
  }
  return size;
}

export function weigh(graph: ChunkGraph, files: Iterable<string>): Weight {
  const w = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const path = join(graph.assetsDir, file);
    if (!existsSync(path)) continue;
    const s = sizeOf(path);
    w.files++;
    w.raw += s.raw;
    w.gzip += s.gzip;
    w.brotli += s.brotli;
  }
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return { files: w.files, rawKB: kb(w.raw), gzipKB: kb(w.gzip), brotliKB: kb(w.brotli) };
}
