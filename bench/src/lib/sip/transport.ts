import { createSocket } from 'node:dgram';
import { WebSocket } from 'undici';
import { token } from './message.js';

/** Where a bench UA's SIP goes: UDP to Kamailio (units, phones) or the console's /voice/ws. */
export interface SipTransport {
  /** This side's Via sent-by and its transport, and the host of its Contact. */
  via: string;
  contact: string;
  send(text: string): void;
  onMessage(handler: (text: string) => void): void;
  close(): void;
}

export async function udpTransport(kamailio: {
  address: string;
  port: number;
}): Promise<SipTransport> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const here = `127.0.0.1:${socket.address().port}`;
  return {
    via: `SIP/2.0/UDP ${here};rport`,
    contact: here,
    send: (text) => socket.send(text, kamailio.port, kamailio.address),
    onMessage: (handler) => socket.on('message', (data) => handler(data.toString())),
    close: () => socket.close(),
  };
}

/** SIP over WebSocket at the server's `/voice/ws`, as the console's softphone opens it. */
export async function wsTransport(url: string): Promise<SipTransport> {
  const socket = new WebSocket(url, 'sip');
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error(`no WebSocket at ${url}`)));
  });
  const host = `${token()}.invalid`;
  return {
    via: `SIP/2.0/WS ${host}`,
    contact: `${host};transport=ws`,
    send: (text) => socket.send(text),
    onMessage: (handler) =>
      socket.addEventListener('message', (event) => handler(String(event.data))),
    close: () => socket.close(),
  };
}
