// The types of env.mjs, and the list of the variables the tooling reads (docs/operations.md
// lists the server's own).

export type ToolVariable =
  /** The console dev server's port (`npm run dev`, the console's vite.config.ts); 5173. */
  | 'CONSOLE_DEV_PORT'
  /** Where that dev server sends /api; scripts/dev.mjs sets it from PORT and HOST. */
  | 'CONSOLE_DEV_API_TARGET'
  /** The PostgreSQL server a script works on (apps/server/scripts/offline-sweep-plan.ts). */
  | 'DATABASE_URL'
  /** The PostgreSQL server of the server's tests, unset: embedded only; the benches' fallback. */
  | 'TEST_DATABASE_URL'
  /** The PostgreSQL server of the benches. */
  | 'BENCH_DATABASE_URL'
  /** A built console to measure instead of building one (bench console-10k). */
  | 'BENCH_CONSOLE_DIR'
  /** `0`: the weight bench skips Lighthouse. */
  | 'BENCH_LIGHTHOUSE'
  /** `0`: the benches do not pin server and clients to their own cores. */
  | 'BENCH_PIN'
  /** The Chromium Lighthouse drives; CHROMIUM_PATH otherwise. */
  | 'CHROME_PATH'
  /** The Chromium of Playwright, Lighthouse and the icon rendering; /usr/bin/chromium. */
  | 'CHROMIUM_PATH'
  /** The end-to-end server's HTTP, DC-09 and SCAIP ports (e2e/env.ts); unset: free ports the system picks. */
  | 'E2E_PORT'
  /** The voice end-to-end run's server port (e2e/voice.env.ts sets it: E2E_PORT + 20 when fixed, else `free`). */
  | 'E2E_VOICE_PORT'
  /** Its Kamailio's SIP port and rtpengine's range, `port first-last` (e2e/voice.env.ts sets it). */
  | 'E2E_VOICE_SIP'
  | 'E2E_DC09_PORT'
  | 'E2E_SCAIP_PORT'
  /** `docs` or `readme`: the end-to-end run makes those screenshots and nothing else (`npm run shots -w e2e`). */
  | 'E2E_SHOTS'
  /** The end-to-end server's offlineAfterSeconds setting; 10. */
  | 'E2E_OFFLINE_AFTER_S'
  /** The end-to-end database's test clock: seconds an hour of a periodic test interval lasts; 8. */
  | 'E2E_TEST_HOUR_S'
  /** The end-to-end database's test clock: seconds after its saving a check-in window ending within 5 minutes falls due; 5. */
  | 'E2E_CHECK_IN_S'
  /** Set on CI: tests retry once and report their flaky ones. */
  | 'CI'
  /** `npm run demo` (scripts/demo.mjs): the receivers it turns on, their key, the simulated devices. */
  | 'SOS_DC09_PORT'
  | 'SOS_DC09_KEY'
  | 'SOS_SCAIP_PORT'
  /** `npm run demo`: voice's SIP port (docs/voice.md), 15070 when Kamailio and rtpengine are installed. */
  | 'SOS_VOICE_SIP_PORT'
  | 'SOS_DEMO_DEVICES';

/** One variable of the tooling, undefined when unset or empty. */
export function toolVar(name: ToolVariable): string | undefined;

/** This process's variables with `extra` on top: what a child inherits, what a command parses. */
export function environment(
  extra?: Record<string, string | undefined>,
): Record<string, string | undefined>;

/** Sets a variable for a server this process then starts in-process (it reads its own env.ts). */
export function exportVar(name: string, value: string): void;
