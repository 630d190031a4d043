import fc from 'fast-check';
import {
  valid,
  hostile,
  broken,
  type Schema,
  type Parameter,
  type OpenApiDocument,
  type FuzzRequest,
} from './openapi-values.js';

export type { FuzzRequest, OpenApiDocument } from './openapi-values.js';

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

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
