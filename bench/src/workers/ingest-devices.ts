/**
 * Load generator child of the ingest bench: simulated devices, each in a loop of
 * POST /api/device/sos (raise) then PATCH /api/sos/close (an operator closes it),
 * each device on its own keep-alive connection.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { API_KEY_HEADER, apiPath, IDEMPOTENCY_KEY_HEADER } from '@sos/contract';
import { runCycles } from './ingest-loop.js';
import type { DevicesCommand } from './ingest-protocol.js';
import { sendReport } from './send-report.js';

async function run(command: DevicesCommand) {
  const pool = new Pool(command.url, {
    connections: command.serials.length,
    keepAliveTimeout: 60_000,
  });
  const raisePath = apiPath('deviceSos');
  const closePath = apiPath('sosClose');
  const report = await runCycles(command, command.serials.length, async (index) => {
    const raised = await pool.request({
      method: 'POST',
      path: raisePath,
      headers: {
        'content-type': 'application/json',
        [API_KEY_HEADER]: command.apiKey,
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
      body: JSON.stringify({ serial: command.serials[index] }),
    });
    const text = await raised.body.text();
    if (raised.statusCode !== 201)
      throw new Error(`raise: HTTP ${raised.statusCode} ${text.slice(0, 200)}`);
    const { id } = JSON.parse(text) as { id: number };
    const closed = await pool.request({
      method: 'PATCH',
      path: `${closePath}?sosId=${id}`,
      headers: { authorization: `Bearer ${command.token}` },
    });
    const closedText = await closed.body.text();
    if (closed.statusCode !== 200)
      throw new Error(`close: HTTP ${closed.statusCode} ${closedText.slice(0, 200)}`);
  });
  await pool.close();
  await sendReport(report);
}

process.once('message', (command: DevicesCommand) => {
  run(command).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
// Loaded and listening: the bench may now give the start time.
process.send?.({ type: 'ready' });
