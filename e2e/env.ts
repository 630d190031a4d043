import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exportVar, toolVar } from '../scripts/lib/env.mjs';

/**
 * The end-to-end server's ports: E2E_PORT (and E2E_DC09_PORT, E2E_SCAIP_PORT) when set, else
 * ports the system finds free. The first process to load this (Playwright's runner, with the
 * config) chooses and exports them, so its workers and the server it starts inherit the same.
 */
function ports(): { port: number; dc09Port: number; scaipPort: number } {
  const fixed = toolVar('E2E_PORT');
  if (fixed) {
    const port = Number(fixed);
    return {
      port,
      dc09Port: Number(toolVar('E2E_DC09_PORT') ?? port + 1),
      scaipPort: Number(toolVar('E2E_SCAIP_PORT') ?? port + 7),
    };
  }
  const script = fileURLToPath(new URL('./scripts/free-ports.mjs', import.meta.url));
  const [port, dc09Port, scaipPort] = execFileSync(process.execPath, [script], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number) as [number, number, number];
  exportVar('E2E_PORT', String(port));
  exportVar('E2E_DC09_PORT', toolVar('E2E_DC09_PORT') ?? String(dc09Port));
  exportVar('E2E_SCAIP_PORT', toolVar('E2E_SCAIP_PORT') ?? String(scaipPort));
  return {
    port,
    dc09Port: Number(toolVar('E2E_DC09_PORT')),
    scaipPort: Number(toolVar('E2E_SCAIP_PORT')),
  };
}

const { port, dc09Port, scaipPort } = ports();

/** The end-to-end server's fixed settings (a fresh embedded database each run). */
export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  admin: { username: 'admin', password: 'e2e-admin-password' },
  apiKey: 'e2e-device-key',
  /** The SIA DC-09 receiver (TCP and UDP) and its AES-128 key (docs/receivers.md). */
  dc09Port,
  dc09Key: '00112233445566778899AABBCCDDEEFF',
  /** The SCAIP receiver's port (SIP over UDP and TCP). */
  scaipPort,
} as const;
