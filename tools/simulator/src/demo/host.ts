/**
 * What the demo needs from the server it runs beside (`npm run demo`, docs/operations.md).
 * The server hands these over when it has started (its `startServer` companion), so this
 * package never imports the server and the server never imports this package.
 */
export interface DemoLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface DemoHost {
  /** The server's own URL over loopback: the devices call it as real ones call it over the network. */
  url: string;
  apiKey: string;
  /** The receivers' address over loopback. */
  host: string;
  /** The DC-09 receiver, when on: its port and AES key in hex (none: plain frames). */
  dc09: { port: number; key: string | undefined } | null;
  /** The SCAIP receiver, when on. */
  scaip: { port: number } | null;
  /** Voice, when on: Kamailio's SIP port over loopback, where a unit calls sos@. */
  voice: { sipPort: number } | null;
  log: DemoLog;
  /** SOS open now, whoever raised them (the demo holds alarms back at its cap). */
  openSosCount(): Promise<number>;
  /** The "Non raggiungibile" setting, so a silent demo device stays silent long enough. */
  offlineAfterSeconds(): Promise<number>;
  /** Writes plausible residents for the devices whose serial starts with the prefix. */
  writeResidents(serialPrefix: string): Promise<void>;
}

/**
 * Operators close the SOS, the demo never does; without a cap an unattended demo would
 * end all red. A quarter of the devices (at least one) may have an SOS open at once.
 */
export const demoOpenSosCap = (devices: number) => Math.max(1, Math.ceil(devices / 4));
