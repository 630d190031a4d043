// `npm run demo`: `npm start` with simulated devices beside the server, so the console is
// alive from the first minute. SOS_DEMO_DEVICES (environment or .env) wins; default 12.
// The SIA DC-09 receiver is on too (docs/receivers.md): port SOS_DC09_PORT, default 12000;
// key SOS_DC09_KEY, default a fresh AES-128 key printed here, so a real panel can be pointed
// at the demo; two simulated DC-09 devices report through it.
import { randomBytes } from 'node:crypto';
import { config } from 'dotenv';

config({ quiet: true });
if (!process.env.SOS_DEMO_DEVICES) process.env.SOS_DEMO_DEVICES = '12';
if (!process.env.SOS_DC09_PORT) process.env.SOS_DC09_PORT = '12000';
if (!process.env.SOS_DC09_KEY) {
  process.env.SOS_DC09_KEY = randomBytes(16).toString('hex').toUpperCase();
  console.log(`  demo: SIA DC-09 key for this run (AES-128): ${process.env.SOS_DC09_KEY}`);
}
// The SCAIP receiver and its demo units (docs/scaip.md), SIP over UDP and TCP.
if (!process.env.SOS_SCAIP_PORT) process.env.SOS_SCAIP_PORT = '15060';
await import('./start.mjs');
