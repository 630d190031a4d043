// Prints three ports free right now on 127.0.0.1, one a line: the end-to-end server's HTTP
// port (TCP), then the DC-09 and the SCAIP receivers' (each free in TCP and in UDP, as both
// receivers listen on both). The operating system picks them (port 0), so two runs on one
// machine never meet; e2e/env.ts runs this once, before any worker starts.
import { createServer } from 'node:net';
import { createSocket } from 'node:dgram';

/** A TCP port the system just gave out, released again. */
function tcpPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether UDP `port` is free too. */
function udpFree(port) {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

async function tcpAndUdpPort(taken) {
  for (;;) {
    const port = await tcpPort();
    if (!taken.includes(port) && (await udpFree(port))) return port;
  }
}

const http = await tcpPort();
const dc09 = await tcpAndUdpPort([http]);
const scaip = await tcpAndUdpPort([http, dc09]);
console.log([http, dc09, scaip].join('\n'));
