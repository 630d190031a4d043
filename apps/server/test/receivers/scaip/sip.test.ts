import { describe, expect, it } from 'vitest';
import {
  buildSipResponse,
  header,
  parseSipMessage,
  splitSipStream,
  transactionKey,
  type SipRequest,
} from '../../../src/receivers/scaip/sip.js';
import { sipMessage } from './messages.js';

function request(bytes: Buffer | string, transport: 'tcp' | 'udp' = 'udp'): SipRequest {
  const parsed = parseSipMessage(Buffer.from(bytes), transport);
  if (parsed.kind !== 'request') throw new Error(`not a request: ${parsed.kind}`);
  return parsed.request;
}

const COMPACT = [
  'MESSAGE sip:alarm@centre.example SIP/2.0',
  'v: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bK-compact',
  'f: <sip:unit@192.0.2.10>;tag=abc',
  't: <sip:alarm@centre.example>',
  'i: compact-1@192.0.2.10',
  'CSeq: 7 MESSAGE',
  'c: application/scaip+xml',
  'l: 5',
  '',
  'hello',
].join('\r\n');

describe('SIP requests', () => {
  it('reads compact header names as their long forms and answers with the long names', () => {
    const req = request(COMPACT);
    expect(req.method).toBe('MESSAGE');
    expect(header(req, 'call-id')).toBe('compact-1@192.0.2.10');
    expect(header(req, 'content-type')).toBe('application/scaip+xml');
    expect(req.body.toString()).toBe('hello');
    const answer = buildSipResponse(req, 200, 'OK').toString();
    expect(answer).toContain('\r\nVia: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bK-compact\r\n');
    expect(answer).toContain('\r\nFrom: <sip:unit@192.0.2.10>;tag=abc\r\n');
    expect(answer).toMatch(/\r\nTo: <sip:alarm@centre\.example>;tag=[0-9a-f]+\r\n/);
    expect(answer).toContain('\r\nCall-ID: compact-1@192.0.2.10\r\n');
    expect(answer).toContain('\r\nCSeq: 7 MESSAGE\r\n');
    expect(answer.startsWith('SIP/2.0 200 OK\r\n')).toBe(true);
  });

  it('joins folded header lines', () => {
    const folded = COMPACT.replace(
      'f: <sip:unit@192.0.2.10>;tag=abc',
      'From: <sip:unit@192.0.2.10>\r\n   ;tag=abc',
    ).replace('CSeq: 7 MESSAGE', 'CSeq: 7\r\n\tMESSAGE');
    const req = request(folded);
    expect(header(req, 'from')).toBe('<sip:unit@192.0.2.10> ;tag=abc');
    expect(header(req, 'cseq')).toBe('7 MESSAGE');
  });

  it('keeps every Via, in order, and a To tag the request already had', () => {
    const text = COMPACT.replace(
      't: <sip:alarm@centre.example>',
      'Via: SIP/2.0/TCP proxy.example;branch=z9hG4bK-p\r\nt: <sip:alarm@centre.example>;tag=given',
    );
    const answer = buildSipResponse(request(text), 501, 'Not Implemented').toString();
    const vias = answer.split('\r\n').filter((l) => l.startsWith('Via: '));
    expect(vias).toEqual([
      'Via: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bK-compact',
      'Via: SIP/2.0/TCP proxy.example;branch=z9hG4bK-p',
    ]);
    expect(answer).toContain('\r\nTo: <sip:alarm@centre.example>;tag=given\r\n');
  });

  it('over UDP, a missing Content-Length means the rest of the datagram; over TCP, no body', () => {
    const bytes = sipMessage('<mrq><ref>1</ref></mrq>', { noLength: true });
    expect(request(bytes, 'udp').body.toString()).toBe('<mrq><ref>1</ref></mrq>');
    expect(request(bytes, 'tcp').body.length).toBe(0);
  });

  it('counts Content-Length in bytes: a multibyte UTF-8 body arrives whole', () => {
    const body = '<mrq><dte>Camera da letto è più “calda” 🔥</dte></mrq>';
    const bytes = sipMessage(body);
    expect(request(bytes, 'udp').body.toString('utf8')).toBe(body);
    const split = splitSipStream(Buffer.concat([bytes, bytes]));
    expect(split).not.toBe('close');
    if (split === 'close') return;
    expect(split.messages.map((m) => request(m, 'tcp').body.toString('utf8'))).toEqual([
      body,
      body,
    ]);
  });

  it('refuses with 400 a Content-Length beyond the datagram, or a CSeq of another method', () => {
    const longer = Buffer.from(COMPACT.replace('l: 5', 'l: 50'));
    expect(parseSipMessage(longer, 'udp')).toMatchObject({
      kind: 'bad',
      reason: 'Content-Length Too Large',
    });
    const cseq = Buffer.from(COMPACT.replace('CSeq: 7 MESSAGE', 'CSeq: 7 OPTIONS'));
    expect(parseSipMessage(cseq, 'udp')).toMatchObject({ kind: 'bad', reason: 'Bad CSeq' });
  });

  it('ignores responses, blank keep-alives, and requests that lack what an answer needs', () => {
    expect(parseSipMessage(Buffer.from('SIP/2.0 200 OK\r\nVia: x\r\n\r\n'), 'udp').kind).toBe(
      'ignored',
    );
    expect(parseSipMessage(Buffer.from('\r\n\r\n'), 'udp').kind).toBe('ignored');
    expect(
      parseSipMessage(Buffer.from(COMPACT.replace('i: compact-1@192.0.2.10\r\n', '')), 'udp').kind,
    ).toBe('ignored');
    expect(parseSipMessage(Buffer.from('hello world'), 'udp').kind).toBe('ignored');
  });

  it('names a transaction by its top Via branch: a retransmission has the same key', () => {
    const a = request(sipMessage('x', { branch: 'z9hG4bK-same', callId: 'same@unit' }));
    const b = request(sipMessage('x', { branch: 'z9hG4bK-same', callId: 'same@unit' }));
    const c = request(sipMessage('x', { branch: 'z9hG4bK-other', callId: 'same@unit' }));
    expect(transactionKey(a)).toBe(transactionKey(b));
    expect(transactionKey(a)).not.toBe(transactionKey(c));
  });

  it('does not take a next message that reuses a branch (new Call-ID or CSeq) for a retransmission', () => {
    const first = request(sipMessage('x', { branch: 'z9hG4bK-reused', callId: 'c1', cseq: 1 }));
    const next = request(sipMessage('y', { branch: 'z9hG4bK-reused', callId: 'c1', cseq: 2 }));
    const other = request(sipMessage('y', { branch: 'z9hG4bK-reused', callId: 'c2', cseq: 1 }));
    expect(new Set([first, next, other].map(transactionKey)).size).toBe(3);
  });
});

describe('SIP over a TCP stream', () => {
  it('splits two messages that arrive in one read', () => {
    const one = sipMessage('<mrq>1</mrq>');
    const two = sipMessage('<mrq>2</mrq>');
    const split = splitSipStream(Buffer.concat([one, two]));
    expect(split).toEqual({ messages: [one, two], rest: Buffer.alloc(0) });
  });

  it('waits for a message split over three reads, keeping the rest', () => {
    const whole = sipMessage('<mrq><ref>abc</ref></mrq>');
    const cuts = [40, whole.length - 5];
    let buffered: Buffer = Buffer.alloc(0);
    const found: Buffer[] = [];
    for (const part of [
      whole.subarray(0, cuts[0]),
      whole.subarray(cuts[0], cuts[1]),
      whole.subarray(cuts[1]),
    ]) {
      const split = splitSipStream(Buffer.concat([buffered, part]));
      if (split === 'close') throw new Error('closed');
      found.push(...split.messages);
      buffered = split.rest;
    }
    expect(found).toEqual([whole]);
    expect(buffered.length).toBe(0);
  });

  it('skips keep-alive blank lines between messages', () => {
    const one = sipMessage('a');
    const split = splitSipStream(
      Buffer.concat([Buffer.from('\r\n\r\n'), one, Buffer.from('\r\n')]),
    );
    expect(split).toEqual({ messages: [one], rest: Buffer.alloc(0) });
  });

  it('closes a stream that cannot become a message within the limits', () => {
    const huge = Buffer.from(COMPACT.replace('l: 5', 'l: 1048576'));
    expect(splitSipStream(huge)).toBe('close');
    expect(splitSipStream(Buffer.alloc(20_000, 'a'))).toBe('close');
    expect(splitSipStream(Buffer.from(COMPACT.replace('l: 5', 'l: five')))).toBe('close');
  });
});
