// Starts the real server on a fresh embedded database for the end-to-end run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.SOS_DATA_DIR = mkdtempSync(join(tmpdir(), 'sos-e2e-'));
await import('../../apps/server/dist/src/main.js');
