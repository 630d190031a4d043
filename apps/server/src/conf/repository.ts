import type { Db, Tx } from '../db/client.js';
import { broadcastControl } from '../live/control.js';
import { getSetting, setSetting, SETTING_KEYS } from '../db/settings.js';

export function readApiKey(db: Tx): Promise<string | undefined> {
  return getSetting(db, SETTING_KEYS.apiKey);
}

/**
 * Stores a new key and tells every server process (they cache it for a second, see
 * plugins/device-auth.ts): the old one is refused from now on. The notice goes out with
 * the commit.
 */
export function writeApiKey(db: Db, apiKey: string): Promise<void> {
  return db.transaction(async (tx) => {
    await setSetting(tx, SETTING_KEYS.apiKey, apiKey);
    await broadcastControl(tx, { op: 'api-key-changed' });
  });
}
