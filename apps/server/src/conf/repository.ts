import type { Db, Tx } from '../db/client.js';
import { broadcastControl } from '../live/control.js';
import { getSetting, setSetting, SETTING_KEYS } from '../db/settings.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { confTarget } from '../audit/targets.js';

export function readApiKey(db: Tx): Promise<string | undefined> {
  return getSetting(db, SETTING_KEYS.apiKey);
}

/**
 * Stores a new key and tells every server process (they cache it for a second, see
 * plugins/app/device-auth.ts): the old one is refused from now on. The notice goes out with
 * the commit.
 */
export function writeApiKey(db: Db, apiKey: string, by: AuditBy): Promise<void> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    await setSetting(tx, SETTING_KEYS.apiKey, apiKey);
    await broadcastControl(tx, { op: 'api-key-changed' });
    // The key itself is a secret: the record says only that it changed.
    await appendAudit(tx, { by, action: 'API_KEY_CHANGED', target: confTarget('apiKey') });
  });
}
