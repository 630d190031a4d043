import { z } from 'zod';

/** A positive integer id, also accepted as a numeric string (query and path parameters). */
export const idSchema = z.coerce
  .number({ error: 'must be a positive integer id' })
  .int('must be a positive integer id')
  .positive('must be a positive integer id')
  .max(2_147_483_647, 'must be a positive integer id');

/** Times in JSON are ISO 8601 strings (docs/contract.md). */
export const isoDateSchema = z.iso.datetime({ offset: true });

/** Token expiries are Unix seconds everywhere (docs/contract.md). */
export const unixSecondsSchema = z.number().int().nonnegative();

export const idParamsSchema = z.object({ id: idSchema });
