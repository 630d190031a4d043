// `npm run demo`: `npm start` with simulated devices beside the server, so the console is
// alive from the first minute (docs/operations.md). The server runs in this process as with
// `npm start`, and the simulator (tools/simulator) starts once it listens, as its companion:
// the server itself never imports the simulator, so a production install needs none.
// SOS_DEMO_DEVICES (environment or .env) is read by the simulator's demoDevicesFrom, which
// holds its default. The SIA DC-09 receiver is on too (docs/receivers.md): port
// SOS_DC09_PORT, default 12000; key SOS_DC09_KEY, default a fresh AES-128 key printed here,
// so a real panel can be pointed at the demo; two simulated DC-09 devices report through it.
import { randomBytes } from 'node:crypto';
import { config } from 'dotenv';
import { ensureBuilt } from './lib/ensure-built.mjs';
import { exportVar, toolVar } from './lib/env.mjs';

config({ quiet: true });
if (!toolVar('SOS_DC09_PORT')) exportVar('SOS_DC09_PORT', '12000');
if (!toolVar('SOS_DC09_KEY')) {
  exportVar('SOS_DC09_KEY', randomBytes(16).toString('hex').toUpperCase());
  console.log(`  demo: SIA DC-09 key for this run (AES-128): ${toolVar('SOS_DC09_KEY')}`);
}
// The SCAIP receiver and its demo units (docs/scaip.md), SIP over UDP and TCP.
if (!toolVar('SOS_SCAIP_PORT')) exportVar('SOS_SCAIP_PORT', '15060');

ensureBuilt();
// Voice (docs/voice.md) when Kamailio and rtpengine are installed: the server runs them and the
// console becomes a telephone; otherwise one line says so and the demo runs without voice.
if (!toolVar('SOS_VOICE_SIP_PORT')) {
  const { findVoicePrograms, VOICE_PACKAGES } =
    await import('../apps/server/dist/src/voice/packages.js');
  if ('missing' in findVoicePrograms()) {
    console.log(`  demo: voice off (to turn it on: apt-get install ${VOICE_PACKAGES.join(' ')})`);
  } else {
    exportVar('SOS_VOICE_SIP_PORT', '15070');
  }
}
const { demoDevicesFrom, startDemo } = await import('../tools/simulator/dist/index.js');
let devices;
try {
  devices = demoDevicesFrom(toolVar('SOS_DEMO_DEVICES'));
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const { run } = await import('../apps/server/dist/src/run.js');
run((server) => startDemo(server, { devices }));
