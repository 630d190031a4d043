import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  type AuditAction,
  type ExportFormat,
  type ExportLanguage,
} from '@sos/contract';
import { appendAudit } from '../audit/append.js';
import { auditByOf } from '../audit/by.js';
import { givenFilters } from '../audit/filters.js';
import { csvStyleOf } from '../log/csv.js';
import { logCsvLines, readLogPage, type PagedLog } from '../log/paged.js';
import { SIGNED_IN_ERRORS } from './errors.js';

const errors = SIGNED_IN_ERRORS;

/** What a paged log's two routes need: the log, its schemas, its words. */
export interface LogRoutes<Filter, Row, Key, Item> {
  log: PagedLog<Filter, Row, Key, Item>;
  tz: string;
  tags: string[];
  /** What the filters select and in what order: both routes' descriptions start with it. */
  filters: string;
  page: { url: string; summary: string; querystring: z.ZodType; response: z.ZodType };
  csv: {
    url: string;
    summary: string;
    /** The columns, for the description (after the filters). */
    columns: string;
    querystring: z.ZodType;
    /** How the export is recorded in the audit log, with its filters. */
    action: AuditAction;
    /** The file's name before `-<day>[-excel].csv`. */
    filename: string;
  };
}

/**
 * A paged log's routes, for super administrators (the caller's onRequest): its page
 * (keyset cursor, total) and its CSV export (plain, or `?format=excel` in `?lang=`),
 * streamed, recorded in the audit log once its first batch is read.
 */
export function logRoutes<Filter, Row, Key, Item>(
  app: FastifyInstance,
  onRequest: FastifyInstance['authenticate'][],
  { log, tz, tags, filters, page, csv }: LogRoutes<Filter, Row, Key, Item>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: page.url,
    schema: {
      tags,
      summary: `${page.summary}, paged with a keyset cursor (limit 1–${HISTORY_MAX_LIMIT}, default ${HISTORY_DEFAULT_LIMIT})`,
      description: `${filters} nextCursor (opaque) is null on the last page; total counts every page.`,
      querystring: page.querystring,
      response: { 200: page.response, ...errors },
    },
    onRequest,
    handler: async (request) => {
      const { limit, cursor, ...filter } = request.query as {
        limit: number;
        cursor?: string;
      } & Filter;
      return readLogPage(log, app.db, filter as Filter, { limit, cursor });
    },
  });

  routes.route({
    method: 'GET',
    url: csv.url,
    schema: {
      tags,
      summary: csv.summary,
      description:
        `${filters} Columns: ${csv.columns} Streamed.` +
        ` ?format=excel: ";" separated, times in TZ as dd/MM/yyyy HH:mm:ss, column names and codes in ?lang= (it default).`,
      querystring: csv.querystring,
      produces: ['text/csv'],
      // Documents the body; a stream is sent as it is, never through this schema's serializer.
      response: { 200: z.string().describe('text/csv; charset=utf-8, with a BOM'), ...errors },
    },
    onRequest,
    handler: async (request, reply) => {
      const { format, lang, ...filter } = request.query as {
        format?: ExportFormat;
        lang?: ExportLanguage;
      } & Filter;
      const lines = await logCsvLines(
        log,
        app.db,
        filter as Filter,
        csvStyleOf({ format, lang }, tz),
      );
      await app.db.transaction((tx) =>
        appendAudit(tx, {
          by: auditByOf(request),
          action: csv.action,
          target: null,
          details: { filters: givenFilters(filter) },
        }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csv.filename}-${day}${format === 'excel' ? '-excel' : ''}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as unknown as string);
    },
  });
}
