import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  HISTORY_CSV_COLUMNS,
  historyCsvQuerySchema,
  historyPageSchema,
  historyQuerySchema,
  PATHS,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { historyCsvLines } from '../../sos/history-csv.js';
import { csvStyleOf } from '../../log/csv.js';
import { decodeCursor, encodeCursor } from '../../sos/history-cursor.js';
import {
  historyPage,
  historyTotal,
  historyWhere,
  toHistoryItems,
} from '../../sos/history-repository.js';
import { appendAudit } from '../../audit/append.js';
import { auditByOf } from '../../audit/by.js';
import { givenFilters } from '../../audit/filters.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const FILTERS =
  'Closed SOS, newest closure first (then id). from/to bound the raise time: an ISO 8601 instant, or a date ' +
  "YYYY-MM-DD (that day's start for from, its end for to, in the server's TZ).";
/** The paged history and its CSV export (docs/contract.md "Reports and history"), for super administrators. */
export default async function sosHistoryRoutes(app: FastifyInstance, options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.authenticate, app.requireRole('SUPER_ADMIN')];

  routes.route({
    method: 'GET',
    url: PATHS.sosHistory,
    schema: {
      tags: ['sos'],
      summary: 'History, paged with a keyset cursor (limit 1–500, default 20)',
      description: `${FILTERS} nextCursor (opaque) is null on the last page; total counts every page.`,
      querystring: historyQuerySchema,
      response: { 200: historyPageSchema, ...errors },
    },
    onRequest,
    handler: async (request) => {
      const { limit, cursor, ...filter } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      // One more row than asked says whether a next page exists.
      const rows = await historyPage(
        app.db,
        historyWhere(filter, options.env.TZ, after),
        limit + 1,
      );
      const page = rows.slice(0, limit);
      return {
        items: toHistoryItems(page),
        nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!.key) : null,
        total: await historyTotal(app.db, historyWhere(filter, options.env.TZ)),
      };
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.sosHistoryCsv,
    schema: {
      tags: ['sos'],
      summary: 'History as CSV (RFC 4180, UTF-8 with BOM), same filters and order as /sos/history',
      description: `${FILTERS} Columns: ${HISTORY_CSV_COLUMNS.join(',')} (kind: the SOS's alarm kind; calls: the calls logged on it); times ISO 8601 UTC. Streamed. ?format=excel: ";" separated, times in TZ as dd/MM/yyyy HH:mm:ss, column names and codes in ?lang= (it default).`,
      querystring: historyCsvQuerySchema,
      produces: ['text/csv'],
      // Documents the body; a stream is sent as it is, never through this schema's serializer.
      response: { 200: z.string().describe('text/csv; charset=utf-8, with a BOM'), ...errors },
    },
    onRequest,
    handler: async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      const tz = options.env.TZ;
      const chunks = await historyCsvLines(app.db, filter, tz, csvStyleOf({ format, lang }, tz));
      await app.db.transaction((tx) =>
        appendAudit(tx, {
          by: auditByOf(request),
          action: 'HISTORY_EXPORTED',
          target: null,
          details: { filters: givenFilters(filter) },
        }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="sos-history-${day}${format === 'excel' ? '-excel' : ''}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks) as unknown as string);
    },
  });
}
