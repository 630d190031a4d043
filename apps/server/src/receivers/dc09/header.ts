/** The tokens we receive; anything else is answered DUH. */
const DC09_TOKENS = ['SIA-DCS', 'ADM-CID', 'NULL'] as const;
export type Dc09Token = (typeof DC09_TOKENS)[number];

/**
 * The plain header of a frame, `"id"seq[Rrcvr]Lprefix#acct[`, read as far as it goes: DUH
 * echoes what could be read. Fields are kept as sent (R, L and #acct are echoed verbatim).
 */
export interface Dc09Header {
  token: string;
  encrypted: boolean;
  seq?: string;
  receiver?: string;
  prefix?: string;
  account?: string;
  /** What follows the `[` that opens the data; present only when the whole header was read. */
  rest?: string;
}

const TOKEN = /^"(\*?)([^"]{1,32})"/y;
const SEQ = /\d{4}/y;
const RECEIVER = /R([0-9A-Fa-f]{1,6})/y;
const PREFIX = /L([0-9A-Fa-f]{1,6})/y;
const ACCOUNT = /#([0-9A-Fa-f]{3,16})/y;

function take(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

export function readHeader(body: string): Dc09Header | null {
  const token = take(TOKEN, body, 0);
  if (!token) return null;
  const header: Dc09Header = { token: token[2]!, encrypted: token[1] === '*' };
  let at = TOKEN.lastIndex;
  const seq = take(SEQ, body, at);
  if (!seq) return header;
  header.seq = seq[0];
  at = SEQ.lastIndex;
  const receiver = take(RECEIVER, body, at);
  if (receiver) {
    header.receiver = receiver[1]!;
    at = RECEIVER.lastIndex;
  }
  const prefix = take(PREFIX, body, at);
  if (!prefix) return header;
  header.prefix = prefix[1]!;
  at = PREFIX.lastIndex;
  const account = take(ACCOUNT, body, at);
  if (!account) return header;
  header.account = account[1]!;
  at = ACCOUNT.lastIndex;
  if (body[at] === '[') header.rest = body.slice(at + 1);
  return header;
}

export function isKnownToken(token: string): token is Dc09Token {
  return (DC09_TOKENS as readonly string[]).includes(token);
}
