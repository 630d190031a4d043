/** The OpenAPI document's shapes and the values fuzz-generated for a schema: valid, broken, hostile. */
import fc from 'fast-check';

/** The parts of an OpenAPI 3.0 document the fuzzer reads. */
export interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One concrete call of an operation. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** No body, a JSON value, or raw text sent as application/json (malformed JSON included). */
  body: { json: unknown } | { raw: string } | undefined;
}

const MAX_STRING = 300;

/** Valid values of a schema (what a correct client sends). */
export function valid(
  schema: Schema | undefined,
  doc: OpenApiDocument,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.$ref)
    return valid(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc, depth + 1);
  const base = validOf(schema, doc, depth);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validOf(schema: Schema, doc: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, doc, depth + 1)));
  if (schema.allOf?.length)
    return valid(Object.assign({}, ...schema.allOf) as Schema, doc, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const exclusive = (bound: number | boolean | undefined) =>
        typeof bound === 'number' ? bound : undefined;
      const min =
        schema.minimum ??
        (exclusive(schema.exclusiveMinimum) ?? -1e6) +
          (schema.exclusiveMinimum !== undefined ? 1 : 0);
      const max =
        schema.maximum ??
        (exclusive(schema.exclusiveMaximum) ?? 1e6) -
          (schema.exclusiveMaximum !== undefined ? 1 : 0);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 2_147_483_647)) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items, doc, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        record[key] = valid(value, doc, depth + 1);
      return fc.record(record, {
        requiredKeys: (schema.required ?? []).filter((k) => k in properties),
      });
    }
    case 'string':
    default:
      return validString(schema);
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, MAX_STRING));
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= maxLength);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  return fc.string({ minLength, maxLength });
}

/** A history cursor (base64url of "closedAt|id") whose date is year 0000. */
const HOSTILE_CURSOR = Buffer.from('0000-01-01T00:00:00.000000Z|1', 'utf8').toString('base64url');

/** What a broken or hostile client sends instead: any JSON, odd strings, huge ones. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    null,
    '',
    0,
    -1,
    Number.MAX_VALUE,
    '\u0000',
    'null',
    '[]',
    '{}',
    'x'.repeat(5000),
    '../../etc/passwd',
    "' OR 1=1 --",
    // Text that would lie to an operator (docs/hardening.md): a 400, never stored, never a 5xx.
    '\u202Eevil',
    '\u2066x\u2069',
    '\u200B\u200B\u200B',
    '\u180E',
    'line\u2028sep',
    'para\u2029sep',
    '.',
    '..',
    '-',
    // Dates out of 1970-01-01…2100-12-31, plain and inside a history cursor: a 400, never a 5xx.
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '0001-01-01',
    '9999-12-31',
    '9999-12-31T23:59:59Z',
    HOSTILE_CURSOR,
  ),
);

/** A valid value with one thing wrong: a required field dropped, one field of the wrong kind. */
export function broken(schema: Schema | undefined, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  return valid(schema, doc).chain((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return hostile;
    const keys = Object.keys(value);
    if (keys.length === 0) return hostile;
    return fc.tuple(fc.constantFrom(...keys), hostile, fc.boolean()).map(([key, wrong, drop]) => {
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (drop) delete copy[key];
      else copy[key] = wrong;
      return copy;
    });
  });
}
