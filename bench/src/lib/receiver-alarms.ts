import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  dc09Frame,
  mrqDocument,
  newBranch,
  parseAnswer,
  readAnswer,
  sipMessage,
} from '@sos/simulator';
import { wallNow } from './clock.js';
import { deviceRange, deviceRowsJson, insertDevicesSql } from './device-rows.js';
import { Dc09TcpLine, sipAnswerKey, sipTaken, UdpLine, type Target } from './receiver-clients.js';
import { dc09Account, scaipCid } from './receivers-protocol.js';

const ANSWER_TIMEOUT_MS = 10_000;

/**
 * The receivers bench's alarms, from the bench process: a DC-09 Contact ID panic (E101,
 * encrypted, over its own TCP connection) or a SCAIP `ME` (UDP), each from account `i`,
 * timed from the send to its ACK / 200. Once answered the SOS is committed, so its id is
 * read from the database for the dashboards' match (not part of any figure).
 */
export class ReceiverAlarms {
  readonly ackMs: number[] = [];
  private seq = 0;
  private readonly dc09: Dc09TcpLine;
  private readonly scaip: UdpLine;

  constructor(
    private readonly db: pg.Client,
    private readonly targets: { dc09: Target; scaip: Target },
    private readonly key: Buffer,
  ) {
    this.dc09 = new Dc09TcpLine(targets.dc09, ANSWER_TIMEOUT_MS);
    this.scaip = new UdpLine(targets.scaip, ANSWER_TIMEOUT_MS, sipAnswerKey);
  }

  async dc09Alarm(account: number): Promise<number> {
    const acct = dc09Account(account);
    this.seq = (this.seq % 9999) + 1;
    const frame = dc09Frame({
      token: 'ADM-CID',
      seq: this.seq,
      account: acct,
      data: '1101 01 001',
      key: this.key,
    });
    const sent = wallNow();
    const answer = parseAnswer(await this.dc09.exchange(frame), this.key);
    if (answer?.type !== 'ACK')
      throw new Error(`DC-09 alarm of ${acct}: ${answer?.type ?? 'no readable answer'}`);
    this.ackMs.push(wallNow() - sent);
    return this.openSosId(`DC09-0-${acct}`);
  }

  async scaipAlarm(account: number): Promise<number> {
    const cid = scaipCid(account);
    const target = { ...this.targets.scaip, transport: 'udp' as const };
    const body = mrqDocument({
      ref: randomBytes(8).toString('hex'),
      cid,
      dty: '0001',
      mty: 'ME',
      stc: '0010',
    });
    const branch = newBranch();
    const request = sipMessage(
      target,
      { host: '127.0.0.1', port: 5060, user: cid },
      body,
      branch,
      1,
    );
    const sent = wallNow();
    const answer = readAnswer(await this.scaip.exchange(branch, request));
    if (!sipTaken(answer))
      throw new Error(`SCAIP alarm of ${cid}: ${answer?.status ?? '?'} snu ${answer?.snu ?? '-'}`);
    this.ackMs.push(wallNow() - sent);
    return this.openSosId(`SCAIP-${cid}`);
  }

  /** Starts a new series of answer times (idle, then under load). */
  takeAckMs(): number[] {
    return this.ackMs.splice(0);
  }

  private async openSosId(serial: string): Promise<number> {
    const { rows } = await this.db.query<{ id: number }>(
      `SELECT s.id FROM sos s JOIN devices d ON d.id = s.device_id WHERE d.serial = $1 AND s.state = 'OPEN'`,
      [serial],
    );
    if (!rows[0]) throw new Error(`${serial}: acknowledged, but no open SOS`);
    return Number(rows[0].id);
  }

  close() {
    this.dc09.close();
    this.scaip.close();
  }
}

/** DC-09 accounts and SCAIP units 1..n as known devices, inserted in one statement each. */
export async function insertReceiverDevices(client: pg.Client, n: number): Promise<void> {
  const rows = [
    ...deviceRange(n, (i) => ({
      serial: `DC09-0-${dc09Account(i)}`,
      name: `DC-09 ${dc09Account(i)}`,
    })),
    ...deviceRange(n, (i) => ({ serial: `SCAIP-${scaipCid(i)}`, name: `SCAIP ${scaipCid(i)}` })),
  ];
  await client.query(insertDevicesSql('$1'), [deviceRowsJson(rows)]);
}
