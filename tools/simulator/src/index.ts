/** Simulated SOS devices over the real device API: used by the CLI, `npm run demo` (beside the server) and the benchmarks. */
export { startSimulation } from './simulation.js';
export { DeviceApiClient, type Answer } from './client.js';
export { DeviceApiError, type DeviceApiErrorKind } from './errors.js';
export { displayNameFor, serialFor } from './names.js';
export { summaryLine } from './report.js';
export type { Simulation, SimulationEvent, SimulationOptions, SimulationStats } from './types.js';
export { ScaipUnit, PERIPHERALS, type Peripheral, type ScaipUnitOptions } from './scaip/unit.js';
export {
  mrqDocument,
  newBranch,
  readAnswer,
  sipMessage,
  type MrqFields,
  type SipAnswer,
  type SipTarget,
} from './scaip/sip.js';
export {
  startScaipFleet,
  scaipCid,
  type ScaipFleet,
  type ScaipFleetEvent,
  type ScaipFleetOptions,
} from './scaip/fleet.js';
export {
  crc16,
  dc09Frame,
  dc09Time,
  envelope,
  parseAnswer,
  type Dc09Answer,
  type Dc09Message,
} from './dc09/frame.js';
export { Dc09Client, type Dc09ClientOptions } from './dc09/client.js';
export {
  DC09_DEMO_ACCOUNTS,
  startDc09Devices,
  type Dc09DeviceEvent,
  type Dc09Devices,
  type Dc09DevicesOptions,
} from './dc09/devices.js';
export { DEFAULT_DEMO_DEVICES, demoDevicesFrom, startDemo, type Demo } from './demo/index.js';
export { demoOpenSosCap, type DemoHost, type DemoLog } from './demo/host.js';
export { DEMO_SERIAL_PREFIX, startHttpDemo, type HttpDemoOptions } from './demo/http.js';
export { monoWav } from './wav.js';
export { baresipConfig } from './demo/voice.js';
