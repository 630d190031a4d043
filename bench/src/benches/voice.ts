import { request } from 'undici';
import { API_KEY_HEADER, apiPath, voiceCredentialsSchema } from '@sos/contract';
import { loginSession, raiseSos } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import { sleep } from '../lib/clock.js';
import { CpuMeter } from '../lib/proc.js';
import { printTable } from '../lib/report.js';
import { API_KEY, startServer } from '../lib/server.js';
import { pick } from '../lib/size.js';
import { round, summarize } from '../lib/stats.js';
import { udpTransport, wsTransport } from '../lib/sip/transport.js';
import { SipUa, type Call } from '../lib/sip/ua.js';
import { audioClock, daemonPids, installed, sipPortBase } from '../lib/sip/harness.js';

/**
 * Voice (docs/voice.md) with the real parts the server runs: Kamailio and rtpengine, managed.
 * The bench's own SIP agents (src/lib/sip/) play the unit calling `sos@` over UDP, the
 * console's softphone registered over the server's `/voice/ws` (it only rings: the banner),
 * and an operator's phone over UDP that answers at once and sends G.711 audio.
 */
const ms = (v: number) => round(v, 1);

const voice: Bench = {
  name: 'voice',
  summary: 'INVITE → banner and answer → first audio (≥ 200 calls); 50 calls with audio both ways',
  async run(ctx) {
    if (!installed('kamailio') || !installed('rtpengine'))
      return {
        results: { skipped: 'kamailio or rtpengine is not installed' },
        targets: [],
        notes: ['skipped: kamailio or rtpengine is not installed (apt-get install, docs/voice.md)'],
      };
    const calls = pick(ctx.size, 10, 200);
    const concurrent = pick(ctx.size, 3, 50);
    const holdS = pick(ctx.size, 5, 60);
    const sip = await sipPortBase();
    const server = await startServer({
      env: {
        SOS_VOICE_SIP_PORT: String(sip),
        SOS_VOICE_RTP_PORTS: `${sip + 3}-${sip + 1203}`,
        SOS_VOICE_SECRET: 'bench-voice-secret-0123456789abcdef',
      },
    });
    const agents: SipUa[] = [];
    try {
      const { token } = await loginSession(server.url);
      const res = await request(server.url + apiPath('voiceCredentials'), {
        headers: { authorization: `Bearer ${token}` },
      });
      const credentials = voiceCredentialsSchema.parse(await res.body.json());
      const user = credentials.username.split(':')[1]!;
      const kamailio = { address: '127.0.0.1', port: sip };
      const agent = async (
        transport: Promise<Awaited<ReturnType<typeof udpTransport>>>,
        name: string,
      ) => {
        const made = new SipUa(await transport, credentials.domain, name, '127.0.0.1');
        agents.push(made);
        return made;
      };
      const consoleUa = await agent(
        wsTransport(`${server.url.replace(/^http/, 'ws')}/voice/ws`),
        user,
      );
      consoleUa.mode = 'ring';
      await consoleUa.register(credentials);
      const operator = await agent(udpTransport(kamailio), user);
      await operator.register(credentials);
      // The unit of an open SOS: the routing question finds it (the banner names the device).
      const reg = await request(server.url + apiPath('deviceRegister'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: API_KEY },
        body: JSON.stringify({ serial: 'SCAIP-4711', displayName: 'Casa Rossi' }),
      });
      await reg.body.dump();
      await raiseSos(server.url, 'SCAIP-4711');
      const unit = await agent(udpTransport(kamailio), '4711');
      const stopAudio = audioClock(() => [...operator.calls.values(), ...unit.calls.values()]);

      // 1. One call at a time: INVITE → banner, answer → the operator's first audio at the unit.
      const banner: number[] = [];
      const audio: number[] = [];
      let rang = 0;
      consoleUa.onInvite = (_call, at) => {
        rang = at;
      };
      for (let i = 0; i < calls + 5; i++) {
        rang = 0;
        const call = await unit.invite('sos');
        if (call.status !== 200) throw new Error(`call ${i}: ${call.status}`);
        const until = Date.now() + 3000;
        while ((call.rtp.firstAt === null || rang === 0) && Date.now() < until) await sleep(2);
        // The first 5 are warm-up (the server's first routing questions compile its queries).
        if (i >= 5 && rang > 0) banner.push(rang - call.invitedAt);
        const answeredAt = operator.calls.get(call.callId)?.answeredAt;
        if (i >= 5 && call.rtp.firstAt !== null && answeredAt)
          audio.push(call.rtp.firstAt - answeredAt);
        await unit.hangUp(call);
        await sleep(30);
      }

      // 2. `concurrent` calls from as many units, audio both ways for holdS.
      const units = await Promise.all(
        Array.from({ length: concurrent }, (_, i) =>
          agent(udpTransport(kamailio), `39060000${1000 + i}`),
        ),
      );
      const stopUnits = audioClock(() => units.flatMap((u) => [...u.calls.values()]));
      const placed: Call[] = [];
      for (const u of units) {
        placed.push(await u.invite('sos'));
        await sleep(20);
      }
      const ok = placed.filter((c) => c.status === 200);
      const rtpenginePids = daemonPids(sip, 'rtpengine');
      const kamailioPids = daemonPids(sip, 'kamailio');
      const meters = {
        server: new CpuMeter(() => [server.pid]),
        rtpengine: new CpuMeter(() => rtpenginePids),
        kamailio: new CpuMeter(() => kamailioPids),
      };
      await sleep(2000);
      Object.values(meters).forEach((m) => m.start());
      await sleep(holdS * 1000);
      const cpu = Object.fromEntries(
        Object.entries(meters).map(([k, m]) => [k, round(m.stop(), 1)]),
      );
      const opCalls = [...operator.calls.values()];
      const streams = [...ok.map((c) => c.rtp), ...opCalls.map((c) => c.rtp)];
      const expected = streams.reduce((s, r) => s + r.expected(), 0);
      const lost = streams.reduce((s, r) => s + r.lost(), 0);
      const jitter = summarize(streams.map((r) => r.jitterMs()));
      await Promise.all(ok.map((c, i) => units[i]!.hangUp(c)));
      stopUnits();
      stopAudio();

      const b = summarize(banner);
      const a = summarize(audio);
      const lossPct = expected > 0 ? (lost / expected) * 100 : NaN;
      printTable(`voice: ${banner.length} calls one at a time (ms)`, [
        {
          measure: 'INVITE sent by the unit → INVITE at the console (/voice/ws)',
          p50: ms(b.p50),
          p99: ms(b.p99),
          max: ms(b.max),
        },
        {
          measure: "operator's 200 OK sent → its first audio frame at the unit",
          p50: ms(a.p50),
          p99: ms(a.p99),
          max: ms(a.max),
        },
      ]);
      printTable(
        `voice: ${ok.length} of ${concurrent} calls answered, audio both ways for ${holdS} s`,
        [
          {
            streams: streams.length,
            'packets expected': expected,
            lost,
            'loss %': round(lossPct, 3),
            'jitter p50 ms': ms(jitter.p50),
            'jitter max ms': ms(jitter.max),
            'server CPU %': cpu.server,
            'rtpengine CPU %': cpu.rtpengine,
            'kamailio CPU %': cpu.kamailio,
          },
        ],
      );
      return {
        results: {
          sequential: { calls: banner.length, bannerMs: b, audioMs: a },
          concurrent: {
            placed: concurrent,
            answered: ok.length,
            operatorCalls: opCalls.length,
            holdS,
            streams: streams.length,
            expected,
            lost,
            lossPct,
            jitterMs: jitter,
            cpuPercent: cpu,
          },
        },
        targets: [
          {
            what: 'INVITE → banner p99 (ms)',
            target: '≤ 300',
            value: ms(b.p99),
            met: b.p99 <= 300,
          },
          {
            what: 'answer → first audio at the unit p99 (ms)',
            target: '≤ 1000',
            value: ms(a.p99),
            met: a.p99 <= 1000,
          },
          {
            what: `${concurrent} calls, packet loss (%)`,
            target: '< 1',
            value: round(lossPct, 3),
            met: lossPct < 1 && ok.length === concurrent,
          },
        ],
        notes: [
          "the server (pinned), Kamailio and rtpengine (its children, same core) are the real ones; the unit, the console and the operator are the bench's SIP agents (bench/src/lib/sip/), in the bench process",
          "\"banner\" is the INVITE reaching a SIP-over-WebSocket client registered through the server's /voice/ws, as the console's JsSIP receives it; the page's rendering after it is not measured",
          '"first audio" is from the operator\'s 200 OK leaving to the first RTP packet of its audio reaching the unit through rtpengine (the browser\'s DTLS-SRTP setup is not in it: the operator is plain RTP)',
          "loss and jitter are measured by the receiving agents (sequence numbers; RFC 3550 interarrival jitter, which includes the sending agent's own 20 ms timer): the streams send no RTCP, so rtpengine has no jitter of its own to report",
          'CPU % of one core over the held period; Kamailio is all its processes',
        ],
      };
    } finally {
      for (const a of agents) a.close();
      await server.dispose();
    }
  },
};

export default voice;
