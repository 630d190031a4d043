import { toolVar } from '../scripts/lib/env.mjs';
/**
 * The end-to-end server's fixed settings (a fresh embedded database each run). E2E_PORT lets
 * two runs share a machine (CI uses the default).
 */
const port = Number(toolVar('E2E_PORT') ?? 8181);

export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  admin: { username: 'admin', password: 'e2e-admin-password' },
  apiKey: 'e2e-device-key',
  /** The SIA DC-09 receiver (TCP and UDP) and its AES-128 key (docs/receivers.md). */
  dc09Port: Number(toolVar('E2E_DC09_PORT') ?? port + 1),
  dc09Key: '00112233445566778899AABBCCDDEEFF',
  /** The SCAIP receiver's port (SIP over UDP and TCP). */
  scaipPort: Number(toolVar('E2E_SCAIP_PORT') ?? port + 7),
} as const;
