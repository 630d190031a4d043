import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { VOICE_WS_PATH } from '@sos/contract';

/**
 * /voice/ws (docs/voice.md): the console's SIP over WebSocket, at its own origin, relayed
 * byte for byte to Kamailio's WebSocket port on loopback: Kamailio answers the handshake and
 * speaks SIP; the server only carries the bytes (one origin, one certificate: the server's).
 * Any other upgrade is refused.
 */
export function voiceUpgradeHandler(wsPort: number) {
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== VOICE_WS_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(wsPort, '127.0.0.1');
    const fail = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.once('error', () => {
      // Kamailio is not there (restarting): the console's SIP stack retries, and the chip
      // "Voce non disponibile" shows meanwhile.
      if (socket.writable)
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        );
      fail();
    });
    socket.once('error', fail);
    upstream.once('connect', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.on('error', fail);
      socket.pipe(upstream).pipe(socket);
      upstream.once('close', () => socket.destroy());
      socket.once('close', () => upstream.destroy());
    });
  };
}
