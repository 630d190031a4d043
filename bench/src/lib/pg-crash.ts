import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'undici';
import { apiPath } from '@sos/contract';
import { sleep } from './clock.js';

/** Debian's local cluster, when this machine has one the bench may stop and start. */
export function localCluster(): { version: string; name: string } | undefined {
  if (!existsSync('/etc/postgresql')) return undefined;
  const version = readdirSync('/etc/postgresql')[0];
  return version ? { version, name: 'main' } : undefined;
}

const ctl = (action: string, ...extra: string[]) => {
  const cluster = localCluster();
  if (!cluster) throw new Error('no local PostgreSQL cluster to crash');
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', cluster.version, cluster.name, action, ...extra],
    { stdio: 'ignore' },
  );
};

/** PostgreSQL's own crash: stopped without a checkpoint (as a power cut), down 2 s, started. */
export async function crashPostgres(): Promise<void> {
  ctl('stop', '-m', 'immediate');
  await sleep(2_000);
  ctl('start');
}

/** Seconds until the product answers a signed-in read again, by itself (no restart). */
export async function untilAnswering(base: string, token: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await request(base + apiPath('confAlarm'), {
        headers: { authorization: `Bearer ${token}` },
        headersTimeout: 2_000,
      });
      await res.body.dump();
      if (res.statusCode === 200) return performance.now() - started;
    } catch {
      // not yet
    }
    if (performance.now() - started > 120_000)
      throw new Error('the product did not recover in 120 s');
    await sleep(100);
  }
}
