import { randomBytes } from 'node:crypto';
import { Agent } from 'undici';
import { raiseSos, receiverPorts, serialOf } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import { pinToClients } from '../lib/cpus.js';
import { deliveryRounds } from '../lib/delivery-rounds.js';
import { insertReceiverDevices, ReceiverAlarms } from '../lib/receiver-alarms.js';
import {
  HTTP_LOADED_DEVICES,
  loadedPhase,
  options,
  type Options,
  type Phase,
  type Protocol,
  type Rounds,
} from '../lib/receivers-phase.js';
import type { SupervisionReport } from '../lib/receivers-protocol.js';
import { printTable } from '../lib/report.js';
import { ms, startPgStage } from '../lib/pg-stage.js';
import { writeProfileWindow } from '../lib/profile.js';
import { profileDir } from '../lib/targets.js';
import { round, summarize, type Summary } from '../lib/stats.js';
import type { BenchResult } from '../lib/report.js';

function targets(protocol: Protocol, phase: Phase, httpIdle: Rounds): BenchResult['targets'] {
  const s: SupervisionReport = phase.supervision;
  const ratio = round(phase.alarms.perSos.p99 / httpIdle.perSos.p99, 2);
  const answer = protocol === 'DC09' ? 'ACK' : '200 OK';
  return [
    {
      what: `${protocol}: supervision answered ${answer} / sent`,
      target: 'all',
      value: `${s.accepted} / ${s.sent}`,
      met: s.accepted === s.sent,
    },
    {
      what: `${protocol}: messages lost (no answer)`,
      target: '0',
      value: s.unanswered,
      met: s.unanswered === 0,
    },
    {
      what: `${protocol}: alarm → dashboard p99 loaded / HTTP idle p99`,
      target: '≤ 2',
      value: ratio,
      met: ratio <= 2,
    },
    {
      what: `${protocol}: supervision → ${answer} p99 (ms)`,
      target: '≤ 50',
      value: round(s.latencyMs.p99),
      met: s.latencyMs.p99 <= 50,
    },
    {
      what: `${protocol}: alarm → ${answer} p99 (ms)`,
      target: '≤ 50',
      value: round(phase.ack.p99),
      met: phase.ack.p99 <= 50,
    },
    {
      what: `${protocol}: alarms missing on a dashboard`,
      target: '0',
      value: phase.alarms.missing,
      met: phase.alarms.missing === 0,
    },
  ];
}

function print(
  protocol: Protocol,
  o: Options,
  phase: Phase,
  idle: { http: Rounds; alarm: Rounds; ack: Summary },
) {
  const answer = protocol === 'DC09' ? 'ACK' : '200 OK';
  const load =
    protocol === 'DC09'
      ? `encrypted NULL, ${o.tcpConnections} TCP connections + ${o.udpSockets} UDP sockets`
      : `PI over ${o.udpSockets} UDP sockets`;
  const s = phase.supervision;
  printTable(
    `receivers ${protocol}: ${o.accounts} accounts, ${o.rate} supervision messages/s (${load}) for ${o.seconds} s, PostgreSQL`,
    [
      {
        what: 'HTTP SOS → dashboard, idle (reference)',
        ...ms(idle.http.latency),
        'p99 over SOS': round(idle.http.perSos.p99),
        missing: idle.http.missing,
        'machine steal %': idle.http.stealPercent,
      },
      {
        what: `alarm → dashboard, idle`,
        ...ms(idle.alarm.latency),
        'p99 over SOS': round(idle.alarm.perSos.p99),
        missing: idle.alarm.missing,
        'machine steal %': idle.alarm.stealPercent,
      },
      {
        what: `alarm → dashboard, supervising`,
        ...ms(phase.alarms.latency),
        'p99 over SOS': round(phase.alarms.perSos.p99),
        missing: phase.alarms.missing,
        'machine steal %': phase.alarms.stealPercent,
      },
      ...(phase.httpLoaded
        ? [
            {
              what: 'HTTP SOS → dashboard, supervising (diagnosis)',
              ...ms(phase.httpLoaded.latency),
              'p99 over SOS': round(phase.httpLoaded.perSos.p99),
              missing: phase.httpLoaded.missing,
              'machine steal %': phase.httpLoaded.stealPercent,
            },
          ]
        : []),
      { what: `alarm → ${answer}, idle`, ...ms(idle.ack) },
      { what: `alarm → ${answer}, supervising`, ...ms(phase.ack) },
      { what: `supervision → ${answer}`, ...ms(s.latencyMs) },
      { what: 'supervision send lag (generator)', ...ms(s.sendLagMs) },
    ],
  );
  const transports = Object.entries(s.byTransport)
    .map(
      ([t, c]) =>
        `${t} ${c.accepted}/${c.sent}${c.latencyMs ? ` p99 ${round(c.latencyMs.p99)} ms` : ''}`,
    )
    .join(', ');
  printTable(`receivers ${protocol}: load`, [
    {
      sent: s.sent,
      accepted: s.accepted,
      refused: s.refused,
      lost: s.unanswered,
      'by transport': transports,
      'commits/s (database)': phase.commitsPerSecond,
      'server CPU / waited %': `${phase.cpu.server} / ${phase.cpu.serverWaited}`,
      'generator CPU %': phase.cpu.load,
    },
  ]);
  if (s.samples.length) console.log(`  not accepted, e.g.: ${s.samples.join(' | ')}`);
}

const receiversBench: Bench = {
  name: 'receivers',
  summary:
    'DC-09 and SCAIP receivers: N accounts supervising at R/s, alarm → ACK and → dashboard vs idle HTTP (--accounts --rate --seconds)',
  async run(ctx) {
    const o = options(ctx);
    const key = randomBytes(16).toString('hex');
    const cpuProfileDir = profileDir(ctx, 'receivers-postgres');
    const stage = await startPgStage({
      label: 'receivers',
      devices: 2 * o.httpIdleRounds + 3 + (o.withHttp ? HTTP_LOADED_DEVICES : 0),
      dashboards: o.dashboards,
      cpuProfileDir,
      env: { SOS_DC09_PORT: '0', SOS_DC09_KEY: key, SOS_SCAIP_PORT: '0' },
    });
    if ('skipped' in stage)
      return { results: { skipped: stage.skipped }, targets: [], notes: [stage.skipped] };
    const { server, client: db, token, fleet: f } = stage;
    let alarms: ReceiverAlarms | undefined;
    const device = new Agent({ connections: 1, keepAliveTimeout: 600_000 });
    // This process sends the alarms and reads their answers: a client, on the clients' cores
    // like the supervision generator and the dashboards (floating, it also ran on the server's).
    const unpin = pinToClients();
    try {
      await insertReceiverDevices(db, o.accounts);
      const ports = await receiverPorts(server.url, token);
      const a = (alarms = new ReceiverAlarms(
        db,
        {
          dc09: { host: '127.0.0.1', port: ports.DC09 },
          scaip: { host: '127.0.0.1', port: ports.SCAIP },
        },
        Buffer.from(key, 'hex'),
      ));
      // Alarms come from accounts counted down from the last: each SOS is a new one.
      let account = o.accounts + 1;
      const nextAccount = () => (--account < 1 ? (account = o.accounts) : account);
      const http = (i: number) => raiseSos(server.url, serialOf(i + 1), device).then((s) => s.id);
      // Under load, HTTP raises (--with-http) cycle over devices of their own: each a new SOS.
      let loadedHttp = 0;
      const httpLoaded = () =>
        raiseSos(
          server.url,
          serialOf(2 * o.httpIdleRounds + 4 + (loadedHttp++ % HTTP_LOADED_DEVICES)),
          device,
        ).then((s) => s.id);
      await deliveryRounds(f, o.gapMs, (i) => i >= 3, http); // warm-up
      // Idle, load, idle, load: each protocol's loaded phase right after its own idle
      // references (HTTP, then its alarms), each HTTP SOS from a device of its own.
      const idle = {} as Record<Protocol, { http: Rounds; alarm: Rounds; ack: Summary }>;
      const phases = {} as Record<Protocol, Phase>;
      for (const [n, p] of (['DC09', 'SCAIP'] as const).entries()) {
        const send = (account: number) =>
          p === 'DC09' ? a.dc09Alarm(account) : a.scaipAlarm(account);
        const httpIdle = await deliveryRounds(
          f,
          o.gapMs,
          (i) => i >= o.httpIdleRounds,
          (i) => http(3 + n * o.httpIdleRounds + i),
        );
        a.takeAckMs();
        const alarm = await deliveryRounds(
          f,
          o.gapMs,
          (i) => i >= o.alarmIdleRounds,
          () => send(nextAccount()),
        );
        idle[p] = { http: httpIdle, alarm, ack: summarize(a.takeAckMs()) };
        phases[p] = await loadedPhase(
          p,
          o,
          { url: server.url, port: ports[p], key, fleet: f, alarms: a, serverPid: server.pid, db },
          nextAccount,
          httpLoaded,
        );
        print(p, o, phases[p], idle[p]);
      }
      // --profile: both loaded phases (and the few seconds between them) are the measured part.
      if (cpuProfileDir)
        writeProfileWindow(
          cpuProfileDir,
          server.spawnedAt,
          phases.DC09.window.from,
          phases.SCAIP.window.until,
        );
      return {
        results: { options: o, idle, phases },
        targets: [
          ...targets('DC09', phases.DC09, idle.DC09.http),
          ...targets('SCAIP', phases.SCAIP, idle.SCAIP.http),
        ],
        notes: [
          'supervision latency: scheduled send → answer in the generator process (open loop: a late send counts its wait; a TCP connection carries one message at a time)',
          'alarm → ACK/200: the bench process, one alarm at a time; alarm → dashboard: frame sent → new-sos on every dashboard, p99 over alarms (the slowest dashboard of each)',
          'reference: POST /api/device/sos → new-sos, idle, just before the loaded phase of each protocol (idle, load, idle, load), same dashboards; commits/s: pg_stat_database.xact_commit over the loaded window',
        ],
      };
    } finally {
      unpin();
      alarms?.close();
      await device.close();
      await stage.dispose();
    }
  },
};

export default receiversBench;
