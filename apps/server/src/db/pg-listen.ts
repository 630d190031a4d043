import pg from 'pg';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * LISTEN on a PostgreSQL connection of its own, re-opened whenever it is lost (server
 * restart, failover, network): a listener must never go deaf silently. Notifications sent
 * while it was away are gone; the caller reads what it missed from its table (the live
 * hub does, from the outbox). Returns the function that stops listening.
 */
export async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {}); // 'end' follows, and reconnects
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    client.once('end', () => {
      if (current !== client) return;
      current = null;
      retryLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (stopped) return void (await client.end().catch(() => {}));
    current = client;
    delay = FIRST_RETRY_MS;
  };
  const retryLater = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      open().catch(() => {
        delay = Math.min(delay * 2, MAX_RETRY_MS);
        retryLater();
      });
    }, delay);
    timer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
