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

export interface Operation {
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

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
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

const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/**
 * Values the server knows (registered serials, open SOS ids, a real refresh token…), by the
 * name of the query parameter or top-level body field that takes them (`path:<name>` for a
 * path parameter; `METHOD /template name` for one operation's only): a valid call uses one
 * half of the time, so valid calls reach the code behind "not found" as well as the 404 itself.
 */
export type KnownValues = Record<string, unknown[]>;

const withKnown = (
  name: string,
  known: KnownValues,
  otherwise: fc.Arbitrary<unknown>,
  operation: string,
) => {
  const values = known[`${operation} ${name}`] ?? known[name];
  return values?.length ? fc.oneof(fc.constantFrom(...values), otherwise) : otherwise;
};

/** A valid body whose top-level fields named in `known` take a known value half of the time. */
function validBody(
  schema: Schema | undefined,
  doc: OpenApiDocument,
  known: KnownValues,
  operation: string,
) {
  return valid(schema, doc).chain((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return fc.constant(value);
    const keys = Object.keys(value).filter(
      (k) => known[`${operation} ${k}`]?.length ?? known[k]?.length,
    );
    if (keys.length === 0) return fc.constant(value);
    return fc
      .tuple(
        ...keys.map((k) =>
          withKnown(k, known, fc.constant((value as Record<string, unknown>)[k]), operation),
        ),
      )
      .map((picked) => ({ ...value, ...Object.fromEntries(keys.map((k, i) => [k, picked[i]])) }));
  });
}

/** Every operation of the document, with an arbitrary of its calls (valid, broken, hostile). */
export function operations(doc: OpenApiDocument, known: KnownValues) {
  const result: Array<{
    method: string;
    template: string;
    secured: string[];
    calls: fc.Arbitrary<FuzzRequest>;
  }> = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const opKey = `${method.toUpperCase()} ${template}`;
      const mode = fc.constantFrom('valid', 'valid', 'broken', 'hostile');
      const calls = mode.chain((kind) => {
        const value = (schema: Schema | undefined) =>
          kind === 'valid' ? valid(schema, doc) : kind === 'broken' ? broken(schema, doc) : hostile;
        const param = (p: Parameter) =>
          kind === 'valid'
            ? withKnown(
                p.in === 'path' ? `path:${p.name}` : p.name,
                known,
                valid(p.schema, doc),
                opKey,
              )
            : value(p.schema);
        const present = (p: Parameter) =>
          p.required || kind !== 'valid' ? fc.constant(true) : fc.boolean();
        const paramValues = fc.tuple(...parameters.map((p) => fc.tuple(present(p), param(p))));
        const raw = fc
          .constantFrom('{', '{"a":', 'not json', '', '[1,2', '\u0000')
          .map((text) => ({ raw: text }));
        // A valid call sends its body; broken and hostile ones also none, or malformed JSON.
        const body = bodySchema
          ? kind === 'valid'
            ? validBody(bodySchema, doc, known, opKey).map((json) => ({ json }))
            : fc.oneof(
                value(bodySchema).map((json) => ({ json })),
                fc.constant(undefined),
                raw,
              )
          : fc.oneof(fc.constant(undefined), fc.constant(undefined), raw);
        return fc.tuple(paramValues, body).map(([values, payload]): FuzzRequest => {
          const request: FuzzRequest = {
            method: method.toUpperCase(),
            path: template,
            query: {},
            headers: {},
            body: payload,
          };
          parameters.forEach((p, i) => {
            const [isThere, v] = values[i] as [boolean, unknown];
            if (p.in === 'path')
              request.path = request.path.replace(
                `{${p.name}}`,
                encodeURIComponent(asText(v)) || '0',
              );
            else if (isThere && p.in === 'query') request.query[p.name] = asText(v);
            else if (isThere && p.in === 'header')
              request.headers[p.name] = asText(v)
                .replace(/[^\x20-\x7e]/g, '?')
                .slice(0, 200);
          });
          return request;
        });
      });
      const secured = (operation.security ?? []).flatMap((s) => Object.keys(s));
      result.push({ method: method.toUpperCase(), template, secured, calls });
    }
  }
  return result;
}
