// Ports for Kamailio and rtpengine in a test, a bench or a demo run (docs/voice.md: the
// WebSocket is SIP + 1, rtpengine's control SIP + 2, media in a range after them).
//
// They are taken below the system's ephemeral range, never from port 0: bind(0) hands out odd
// ports there and connect() takes the even ones, so SIP + 1 beside a port the system just gave
// out is often some client's local port (a PostgreSQL connection of a suite running beside),
// and Kamailio, unable to bind it, dies at every start.
import { createServer } from 'node:net';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LOWEST = 20_000;

/** The first port the system hands out by itself (ip_local_port_range), 32768 elsewhere. */
function ephemeralStart() {
  try {
    const first = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return first > LOWEST + 2_000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

function tcpFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function udpFree(port) {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/** `count` ports in a row, each free in TCP and in UDP, with `span` ports below the range's top. */
export async function freePortRun(count, span = count) {
  const top = ephemeralStart() - span;
  for (;;) {
    const base = LOWEST + Math.floor(Math.random() * (top - LOWEST));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    const free = await Promise.all(ports.map(async (p) => (await tcpFree(p)) && udpFree(p)));
    if (free.every(Boolean)) return base;
  }
}

/** Kamailio's SIP port (its next two taken too) and rtpengine's media range after them. */
export async function voicePorts(rtpCount = 200) {
  const sipPort = await freePortRun(3, 3 + rtpCount);
  return { sipPort, rtpPorts: `${sipPort + 3}-${sipPort + 2 + rtpCount}` };
}

// `node scripts/lib/voice-ports.mjs`: prints them (e2e/voice.env.ts, which cannot await).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { sipPort, rtpPorts } = await voicePorts(Number(process.argv[2] ?? 200));
  console.log(`${sipPort} ${rtpPorts}`);
}
