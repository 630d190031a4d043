import type { Db } from '../db/client.js';
import { readAfterSettledHead, readSettledHead, readWithSettledHead } from '../live/store.js';
import { listDevicesJson } from './repository.js';

/**
 * Events after the head a list may name in X-Included-Event-Ids (~8 bytes each): beyond, the
 * header would outgrow what proxies accept (nginx buffers 4–8 KB of response headers).
 */
const MAX_INCLUDED_EVENTS = 200;

export interface DeviceSnapshotJson {
  head: number;
  included: number[];
  json: string;
}

/**
 * GET /api/device/getAll's list as JSON text with the last event it includes (docs/security.md),
 * read without stopping the SOS writers (live/store.ts, readAfterSettledHead). Only when
 * more events than MAX_INCLUDED_EVENTS committed during the read is it read again under the
 * ordering lock, which names none (writers wait for that one read).
 */
export async function readDeviceSnapshot(
  db: Db,
  maxIncluded = MAX_INCLUDED_EVENTS,
  settledHead: (db: Db) => Promise<number> = readSettledHead,
): Promise<DeviceSnapshotJson> {
  const free = await readAfterSettledHead(db, (tx) => listDevicesJson(tx), settledHead);
  if (free.included.length <= maxIncluded)
    return { head: free.head, included: free.included, json: free.value };
  const locked = await readWithSettledHead(db, (tx) => listDevicesJson(tx));
  return { head: locked.head, included: [], json: locked.value };
}
