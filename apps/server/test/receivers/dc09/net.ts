import { envelope } from '@sos/simulator';
import type { TcpPeer } from '../peer.js';

/** The answers received on a connection so far, as bodies (between `0LLL` and CR). */
export function answerBodies(received: string): string[] {
  return received
    .split('\r')
    .filter((s) => s.includes('"'))
    .map((s) => s.slice(s.indexOf('"')));
}

/** Writes frames and resolves with the bodies of the `answers` answers that follow. */
export async function exchange(
  peer: TcpPeer,
  data: Buffer | string,
  answers = 1,
): Promise<string[]> {
  const before = answerBodies(peer.received.toString('latin1')).length;
  await peer.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  const received = await peer.until((s) => answerBodies(s).length >= before + answers);
  return answerBodies(received).slice(before);
}

/** A frame around any body (the simulator's envelope: CRC and length computed apart from ours). */
export const framed = (body: string) => envelope(body);
