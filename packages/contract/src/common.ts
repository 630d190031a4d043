import { z } from 'zod';

/**
 * Query and path parameters arrive as text: an integer there is decimal digits only. What
 * `Number()` would also read (`0x1`, ` 1`, `1e0`, `0b1`, `1.0`) is not the same id written
 * another way but a different text, refused (`/api/employee/0x1` must not answer user 1).
 */
export const decimalInteger = <T extends z.ZodNumber>(schema: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? /^[0-9]{1,16}$/.test(value)
          ? Number(value)
          : Number.NaN
        : value,
    schema,
  );

/** A positive integer id, also accepted as a string of decimal digits (query and path parameters). */
export const idSchema = decimalInteger(
  z
    .number({ error: 'must be a positive integer id' })
    .int('must be a positive integer id')
    .positive('must be a positive integer id')
    .max(2_147_483_647, 'must be a positive integer id'),
);

/** Times in JSON are ISO 8601 strings (docs/contract.md). */
export const isoDateSchema = z.iso.datetime({ offset: true });

/** Token expiries are Unix seconds everywhere (docs/contract.md). */
export const unixSecondsSchema = z.number().int().nonnegative();

export const idParamsSchema = z.object({ id: idSchema });
