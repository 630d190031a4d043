/**
 * The floor of the live-stream benches: a bare node:http server-sent-events broadcaster
 * with the product's two routes and wire format, and nothing else (no framework, no
 * authentication, no database). POST /api/device/sos answers 201 with an SOS shaped like
 * the product's and writes one `new-sos` frame, encoded once, to every open stream.
 * Run: node --import tsx floor/sse-broadcaster.ts [port]; prints "listening <url>".
 */
import http from 'node:http';
import { SOS_HANDLING_UNSET } from '@sos/contract';

const streams = new Set<http.ServerResponse>();
let nextId = 1;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

async function raise(req: http.IncomingMessage, res: http.ServerResponse) {
  let serial = '';
  try {
    serial = String((JSON.parse(await readBody(req)) as { serial?: unknown }).serial ?? '');
  } catch {
    res.writeHead(400).end();
    return;
  }
  const id = nextId++;
  const now = new Date().toISOString();
  const json = JSON.stringify({
    id,
    state: 'OPEN',
    dateCreated: now,
    lastUpdated: now,
    dateClosed: null,
    closedBy: null,
    // Every field the product's new-sos carries, as long (bench/README.md, alert-latency).
    ...SOS_HANDLING_UNSET,
    device: { id, displayName: serial },
  });
  const frame = Buffer.from(`id: ${id}\nevent: new-sos\ndata: ${json}\n\n`);
  for (const stream of streams) stream.write(frame);
  res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' }).end(json);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith('/api/sos/realTime')) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write('retry: 2000\n: floor live stream\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/api/device/sos') {
    void raise(req, res);
    return;
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 30_000;

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening http://127.0.0.1:${port}`);
});

process.once('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
