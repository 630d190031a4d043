import {
  build,
  digest,
  header,
  headers,
  mediaOf,
  parse,
  reply,
  sdp,
  tagOf,
  token,
  uriIn,
  type SipMessage,
} from './message.js';
import { RtpStream } from './rtp.js';
import type { SipTransport } from './transport.js';

/**
 * A SIP user agent for the voice bench (docs/voice.md's parts, measured from outside): a unit
 * calling `sos@`, an operator's phone answering at once, or a console that only rings. Every
 * call has its RTP stream; every moment is taken on this process's clock.
 */
const now = () => performance.timeOrigin + performance.now();

export interface Call {
  /** The INVITE that came in (a UAS answers CANCEL with its 487). */
  invite?: SipMessage;
  callId: string;
  rtp: RtpStream;
  /** When the INVITE left or arrived, when the 200 left or arrived, when it closed. */
  invitedAt: number;
  answeredAt: number | null;
  status: number | null;
  remoteTarget?: string;
  routes: string[];
  localTag: string;
  from: string;
  to: string;
  cseq: number;
  done: Promise<number>;
  settle: (status: number) => void;
}

type Waiter = (message: SipMessage) => void;

export class SipUa {
  private readonly waiting = new Map<string, Waiter>();
  readonly calls = new Map<string, Call>();
  /** Incoming INVITE: `answer` (200 at once, with audio) or `ring` (180 until CANCEL). */
  mode: 'answer' | 'ring' = 'answer';
  onInvite: ((call: Call, at: number) => void) | undefined;

  constructor(
    private readonly transport: SipTransport,
    private readonly domain: string,
    readonly user: string,
    private readonly media: string,
  ) {
    transport.onMessage((text) => this.receive(parse(text)));
  }

  private via(branch = `z9hG4bK${token()}`) {
    return `${this.transport.via};branch=${branch}`;
  }
  private get contact() {
    return `<sip:${this.user}@${this.transport.contact}>`;
  }

  private request(lines: string, key: string): Promise<SipMessage> {
    return new Promise((resolve) => {
      this.waiting.set(key, resolve);
      this.transport.send(lines);
    });
  }

  /** REGISTER with the credentials' digest, as JsSIP does for the console. */
  async register(auth: { username: string; password: string }): Promise<void> {
    const callId = token();
    const aor = `<sip:${this.user}@${this.domain}>`;
    const uri = `sip:${this.domain}`;
    const send = (cseq: number, authorization?: string) =>
      this.request(
        build(`REGISTER ${uri} SIP/2.0`, [
          ['Via', this.via()],
          ['From', `${aor};tag=${token()}`],
          ['To', aor],
          ['Call-ID', callId],
          ['CSeq', `${cseq} REGISTER`],
          ['Contact', this.contact],
          ['Expires', '600'],
          ['Max-Forwards', '70'],
          ...(authorization ? [['Authorization', authorization] as [string, string]] : []),
        ]),
        `${callId} ${cseq}`,
      );
    let answer = await send(1);
    if (answer.status === 401)
      answer = await send(
        2,
        digest(header(answer, 'www-authenticate')!, 'REGISTER', uri, auth.username, auth.password),
      );
    if (answer.status !== 200) throw new Error(`REGISTER ${this.user}: ${answer.status}`);
  }

  /** INVITE `sip:<to>@domain` with G.711 audio; resolves once it is answered or refused. */
  async invite(to: string): Promise<Call> {
    const rtp = await new RtpStream().open(this.media);
    const call = this.newCall(
      token(),
      rtp,
      `<sip:${this.user}@${this.domain}>;tag=${token()}`,
      `<sip:${to}@${this.domain}>`,
    );
    const branch = `z9hG4bK${token()}`;
    const invite = build(
      `INVITE sip:${to}@${this.domain} SIP/2.0`,
      [
        ['Via', this.via(branch)],
        ['From', call.from],
        ['To', call.to],
        ['Call-ID', call.callId],
        ['CSeq', '1 INVITE'],
        ['Contact', this.contact],
        ['Max-Forwards', '70'],
        ['Content-Type', 'application/sdp'],
      ],
      sdp(this.media, rtp.port),
    );
    this.calls.set(call.callId, call);
    call.invitedAt = now();
    const final = await new Promise<SipMessage>((resolve) => {
      this.waiting.set(`${call.callId} 1`, (m) => (m.status >= 200 ? resolve(m) : undefined));
      this.transport.send(invite);
    });
    call.status = final.status;
    call.to = header(final, 'to')!;
    if (final.status === 200) {
      call.answeredAt = now();
      call.remoteTarget = uriIn(header(final, 'contact')!);
      call.routes = headers(final, 'record-route').reverse();
      const media = mediaOf(final.body);
      if (media) rtp.to(media);
      this.transport.send(this.inDialog('ACK', call, 1));
    } else {
      // A refusal's ACK is hop by hop: the INVITE's branch, to Kamailio.
      this.transport.send(
        build(`ACK sip:${to}@${this.domain} SIP/2.0`, [
          ['Via', this.via(branch)],
          ['From', call.from],
          ['To', call.to],
          ['Call-ID', call.callId],
          ['CSeq', '1 ACK'],
          ['Max-Forwards', '70'],
        ]),
      );
      this.end(call, final.status);
    }
    return call;
  }

  private newCall(callId: string, rtp: RtpStream, from: string, to: string): Call {
    let settle!: (status: number) => void;
    const done = new Promise<number>((resolve) => (settle = resolve));
    return {
      callId,
      rtp,
      invitedAt: now(),
      answeredAt: null,
      status: null,
      routes: [],
      localTag: tagOf(from) ?? token(),
      from,
      to,
      cseq: 1,
      done,
      settle,
    };
  }

  private inDialog(method: string, call: Call, cseq: number): string {
    return build(`${method} ${call.remoteTarget} SIP/2.0`, [
      ['Via', this.via()],
      ...call.routes.map((r): [string, string] => ['Route', r]),
      ['From', call.from],
      ['To', call.to],
      ['Call-ID', call.callId],
      ['CSeq', `${cseq} ${method}`],
      ['Max-Forwards', '70'],
    ]);
  }

  /** BYE for an answered call; resolves with its answer's status. */
  async hangUp(call: Call): Promise<number> {
    if (call.answeredAt === null) return 0;
    call.cseq += 1;
    const answer = await this.request(
      this.inDialog('BYE', call, call.cseq),
      `${call.callId} ${call.cseq}`,
    );
    this.end(call, call.status ?? 200);
    return answer.status;
  }

  close(): void {
    for (const call of this.calls.values()) call.rtp.close();
    this.calls.clear();
    this.transport.close();
  }

  private end(call: Call, status: number) {
    call.rtp.close();
    this.calls.delete(call.callId);
    call.settle(status);
  }

  private receive(m: SipMessage): void {
    const callId = header(m, 'call-id') ?? '';
    if (m.method === null) {
      const cseq = Number(header(m, 'cseq')?.split(' ')[0]);
      const waiter = this.waiting.get(`${callId} ${cseq}`);
      if (waiter && m.status >= 200) this.waiting.delete(`${callId} ${cseq}`);
      waiter?.(m);
      return;
    }
    void this.answer(m, callId);
  }

  private async answer(m: SipMessage, callId: string): Promise<void> {
    const call = this.calls.get(callId);
    if (m.method === 'INVITE') {
      if (call) return; // A retransmission: our answer is on its way.
      const at = now();
      const rtp = await new RtpStream().open(this.media);
      const incoming = this.newCall(callId, rtp, header(m, 'to')!, header(m, 'from')!);
      incoming.invitedAt = at;
      incoming.remoteTarget = uriIn(header(m, 'contact')!);
      incoming.routes = headers(m, 'record-route');
      incoming.from = `${incoming.from};tag=${incoming.localTag}`;
      incoming.invite = m;
      this.calls.set(callId, incoming);
      this.onInvite?.(incoming, at);
      this.transport.send(reply(m, 180, 'Ringing', incoming.localTag, [['Contact', this.contact]]));
      if (this.mode === 'ring') return;
      const media = mediaOf(m.body);
      if (media) rtp.to(media);
      incoming.answeredAt = now();
      incoming.status = 200;
      this.transport.send(
        reply(
          m,
          200,
          'OK',
          incoming.localTag,
          [
            ['Contact', this.contact],
            ['Content-Type', 'application/sdp'],
          ],
          sdp(this.media, rtp.port),
        ),
      );
      // Audio from the moment of the answer, as a phone's microphone is open then.
      rtp.tick();
      return;
    }
    if (m.method === 'ACK') return;
    this.transport.send(reply(m, 200, 'OK'));
    if (m.method === 'CANCEL' && call) {
      const invite = call.invite;
      if (invite) this.transport.send(reply(invite, 487, 'Request Terminated', call.localTag));
      this.end(call, 487);
    }
    if (m.method === 'BYE' && call) this.end(call, call.status ?? 200);
  }
}
