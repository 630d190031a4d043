import { SaxesParser } from 'saxes';

/**
 * A small XML document from untrusted bytes → plain values (docs/scaip.md, "Safety"): an
 * element with child elements is an object of them (a repeated child, an array), any other
 * element its trimmed text. Read by `saxes`, a conforming non-validating parser: the
 * document must be well formed, except that an undeclared entity is kept as text; a DOCTYPE
 * refuses it (so no DTD is ever read and no entity but the five predefined ones and
 * character references is ever decoded); nesting deeper than `maxDepth` refuses it. The
 * caller bounds the size.
 */

type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

interface Open {
  name: string;
  children: XmlObject | null;
  text: string;
}

function add(into: XmlObject, name: string, value: XmlValue): void {
  const known = into[name];
  if (known === undefined) into[name] = value;
  else if (Array.isArray(known)) known.push(value);
  else into[name] = [known, value];
}

/**
 * One parser, reused: `close()` resets it for the next document, and documents are read one
 * at a time (synchronously), so its state never mixes two. A fresh one per document costs
 * several kilobytes of garbage per message at a fleet's supervision rate.
 */
let parser: SaxesParser | null = null;
let state = { maxDepth: 0, stack: [] as Open[], root: null as XmlObject | null };

/** saxes's message for a well-formed `&name;` with no declaration (positions off, no file name). */
const UNDECLARED_ENTITY = 'undefined entity.';

/** Thrown out of saxes at the first fault: how a refused document stops being read. */
class Refused extends Error {}

/**
 * Stops reading at once. saxes would otherwise report every later fault and go on: 8 KB of
 * junk made thousands of errors, each with its stack trace, 20–65 ms of one core per datagram.
 */
function refuse(): never {
  throw new Refused();
}

function createParser(): SaxesParser {
  const p = new SaxesParser({ position: false });
  p.on('error', (error) => {
    // An entity nobody declared stays as sent, `&name;`, which is what saxes keeps: a unit
    // writing free text is not refused for it, and nothing is ever expanded.
    if (error.message !== UNDECLARED_ENTITY) refuse();
  });
  p.on('doctype', refuse);
  p.on('opentag', (tag) => {
    // The open elements are the stack: this one would be one deeper than it.
    if (state.stack.length >= state.maxDepth) refuse();
    const parent = state.stack[state.stack.length - 1];
    if (parent) parent.children ??= {};
    state.stack.push({ name: tag.name, children: null, text: '' });
  });
  const onText = (text: string) => {
    const top = state.stack[state.stack.length - 1];
    if (top) top.text += text;
  };
  p.on('text', onText);
  p.on('cdata', onText);
  p.on('closetag', () => {
    const done = state.stack.pop();
    if (!done) return;
    const value: XmlValue = done.children ?? done.text.trim();
    const parent = state.stack[state.stack.length - 1];
    if (parent) add((parent.children ??= {}), done.name, value);
    else state.root = { [done.name]: value };
  });
  return p;
}

/** The document's root element as `{ name: value }`, or null when it is not well formed or refused. */
export function readXml(text: string, maxDepth: number): XmlObject | null {
  state = { maxDepth, stack: [], root: null };
  parser ??= createParser();
  try {
    parser.write(text).close();
  } catch {
    // Refused (or a fault of saxes itself): a parser left mid-document is not reused.
    parser = null;
    return null;
  }
  return state.root;
}
