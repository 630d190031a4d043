import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { countOpenSos } from './sos/repository.js';
import { readOfflineAfterSeconds } from './devices/health/offline-sweep.js';
import { writeDemoProfiles } from './demo-profiles.js';

/**
 * A program started beside the server in its process, once it listens: `npm run demo` passes
 * the simulated devices (tools/simulator) this way, so the server never imports the
 * simulator and a production install has none (docs/operations.md). The server hands over
 * where it is reached and the few database reads the demo needs (what the simulator's
 * DemoHost declares, field by field); the companion's lines join the start message and it
 * stops before the server closes.
 */
export type Companion = (server: ServerSide) => Promise<{ lines: string[]; stop(): Promise<void> }>;
type ServerSide = ReturnType<typeof serverSide>;

export interface Reached {
  /** The address the server is bound to (0.0.0.0 and :: are reached over loopback). */
  bound: string;
  port: number;
  apiKey: string;
  /** The DC-09 receiver when on: its port and key in hex (none: plain frames). */
  dc09: { port: number; key: string | undefined } | null;
  scaip: { port: number } | null;
  /** Voice, when on: Kamailio's SIP port (UDP), which units call sos@ at (docs/voice.md). */
  voice: { sipPort: number } | null;
  /** TZ: the demo's check-in windows are in it. */
  zone: string;
}

/** What a companion gets: the loopback addresses of this server and its receivers, and its reads. */
export function serverSide(db: Db, log: FastifyBaseLogger, reached: Reached) {
  const { bound } = reached;
  const host = bound === '0.0.0.0' ? '127.0.0.1' : bound === '::' ? '::1' : bound;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${reached.port}`,
    apiKey: reached.apiKey,
    host,
    dc09: reached.dc09,
    scaip: reached.scaip,
    voice: reached.voice,
    log,
    openSosCount: () => countOpenSos(db),
    offlineAfterSeconds: () => readOfflineAfterSeconds(db),
    /**
     * Fictitious residents for the devices whose serial starts with the prefix (demo-profiles.ts),
     * four of them with check-in windows the demo never keeps: one missed every hour.
     */
    writeResidents: (serialPrefix: string) => writeDemoProfiles(db, serialPrefix, reached.zone),
  };
}
