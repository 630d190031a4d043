import { Agent, request } from 'undici';
import { apiPath } from '@sos/contract';
import { sleep } from './clock.js';

export interface AuditLoadReport {
  perSecond: number;
  sent: number;
  errors: number;
}

/**
 * `--audit N`: a background operator whose every call the audit log records (a resident's
 * profile read, PROFILE_VIEWED: one record each, appended under the chain's lock), N a
 * second on each product target while the bench measures. A device's SOS is not audited:
 * this shows what appending beside it costs the SOS path.
 */
export function startAuditLoad(targets: Array<{ url: string; token?: string }>, perSecond: number) {
  const agent = new Agent({ connections: 4, keepAliveTimeout: 60_000 });
  let running = true;
  const reports = targets.map(async (target): Promise<AuditLoadReport> => {
    let sent = 0;
    let errors = 0;
    const started = performance.now();
    while (running) {
      const due = started + (sent * 1000) / perSecond;
      if (due > performance.now()) await sleep(due - performance.now());
      sent += 1;
      try {
        const res = await request(`${target.url}${apiPath('deviceProfile')}?id=1`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${target.token ?? ''}` },
        });
        await res.body.dump();
        if (res.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
    }
    return { perSecond, sent, errors };
  });
  return {
    async stop(): Promise<AuditLoadReport[]> {
      running = false;
      const done = await Promise.all(reports);
      await agent.close();
      return done;
    },
  };
}
