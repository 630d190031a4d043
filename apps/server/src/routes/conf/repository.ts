import type { Tx } from '../../db/client.js';
import { getSetting, setSetting, SETTING_KEYS } from '../../db/settings.js';

export function readApiKey(db: Tx): Promise<string | undefined> {
  return getSetting(db, SETTING_KEYS.apiKey);
}

/** The device API reads the key on every call: the old one is refused from now on. */
export function writeApiKey(db: Tx, apiKey: string): Promise<void> {
  return setSetting(db, SETTING_KEYS.apiKey, apiKey);
}
