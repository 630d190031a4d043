import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditCsvQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerifySchema,
  errorResponseSchema,
  PATHS,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { appendAudit } from '../../audit/append.js';
import { auditByOf } from '../../audit/by.js';
import { givenFilters } from '../../audit/filters.js';
import { auditCsvLines } from '../../audit/csv.js';
import { csvStyleOf } from '../../log/csv.js';
import { decodeAuditCursor, encodeAuditCursor } from '../../audit/cursor.js';
import { toAuditItem } from '../../audit/item.js';
import { auditPage, auditTotal, auditWhere } from '../../audit/queries.js';
import { verifyAudit } from '../../audit/verify.js';

const tags = ['audit'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const FILTERS =
  'Newest first. from/to bound the record time: an ISO 8601 instant, or a date YYYY-MM-DD (in the server TZ); ' +
  'actor: a username, any case; action: one of the actions.';

/** The audit log (docs/audit.md): read, exported and re-checked by super administrators. */
export default async function auditRoutes(app: FastifyInstance, options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.authenticate, app.requireRole('SUPER_ADMIN')];
  const tz = options.env.TZ;

  routes.route({
    method: 'GET',
    url: PATHS.audit,
    schema: {
      tags,
      summary: 'The audit log, paged with a keyset cursor (limit 1–500, default 20)',
      description: `${FILTERS} nextCursor (opaque) is null on the last page; total counts every page.`,
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema, ...errors },
    },
    onRequest,
    handler: async (request) => {
      const { limit, cursor, ...filter } = request.query;
      const before = cursor === undefined ? undefined : decodeAuditCursor(cursor);
      // One more row than asked says whether a next page exists.
      const rows = await auditPage(app.db, auditWhere(filter, tz, before), limit + 1);
      const page = rows.slice(0, limit);
      return {
        items: page.map(toAuditItem),
        nextCursor: rows.length > limit ? encodeAuditCursor(page.at(-1)!.id) : null,
        total: await auditTotal(app.db, auditWhere(filter, tz)),
      };
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.auditCsv,
    schema: {
      tags,
      summary:
        'The audit log as CSV (RFC 4180, UTF-8 with BOM), same filters and order as /audit; recorded as AUDIT_EXPORTED',
      description:
        `${FILTERS} Columns: id,at,actor,address,action,targetType,targetId,targetLabel,details (compact JSON). Streamed.` +
        ` ?format=excel: ";" separated, times in TZ as dd/MM/yyyy HH:mm:ss, column names and codes in ?lang= (it default).`,
      querystring: auditCsvQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string().describe('text/csv; charset=utf-8, with a BOM'), ...errors },
    },
    onRequest,
    handler: async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      await app.db.transaction((tx) =>
        appendAudit(tx, {
          by: auditByOf(request),
          action: 'AUDIT_EXPORTED',
          target: null,
          details: { filters: givenFilters(filter) },
        }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit-log-${day}${format === 'excel' ? '-excel' : ''}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(
          Readable.from(
            auditCsvLines(app.db, filter, tz, csvStyleOf({ format, lang }, tz)),
          ) as unknown as string,
        );
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.auditVerify,
    schema: {
      tags,
      summary:
        'Re-checks the whole hash chain: ok, how many records, the first bad one (null when none)',
      response: { 200: auditVerifySchema, ...errors },
    },
    onRequest,
    handler: () => verifyAudit(app.db),
  });
}
