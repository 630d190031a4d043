// `npm run demo`: `npm start` with simulated devices beside the server, so the console is
// alive from the first minute. SOS_DEMO_DEVICES (environment or .env) wins; default 12.
import { config } from 'dotenv';

config({ quiet: true });
if (!process.env.SOS_DEMO_DEVICES) process.env.SOS_DEMO_DEVICES = '12';
// The SCAIP receiver and its demo units (docs/scaip.md): on a free port unless one is set.
if (!process.env.SOS_SCAIP_PORT) process.env.SOS_SCAIP_PORT = '0';
await import('./start.mjs');
