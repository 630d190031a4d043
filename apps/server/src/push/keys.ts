import { createECDH } from 'node:crypto';
import type { Tx } from '../db/client.js';
import { ensureSetting } from '../db/settings.js';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point (the browsers' applicationServerKey). */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
}

const SETTING = 'vapid_keys';

/**
 * A new P-256 pair in web-push's format (its generateVAPIDKeys, made here: the library is
 * loaded on the first push, not at every start): the private scalar left-padded to 32 bytes.
 */
function newVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const scalar = curve.getPrivateKey();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

/**
 * The server's VAPID key pair (RFC 8292), generated at first start and kept in the database:
 * every subscription is bound to the public key, so a new pair would silence every browser.
 * The pair is stored as one value: processes starting together keep the same one.
 */
export async function ensureVapidKeys(db: Tx): Promise<VapidKeys> {
  const generated = newVapidKeys();
  const stored = JSON.parse(
    await ensureSetting(
      db,
      SETTING,
      JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }),
    ),
  ) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
