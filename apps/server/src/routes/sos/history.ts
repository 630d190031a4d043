import type { FastifyInstance } from 'fastify';
import {
  HISTORY_CSV_COLUMNS,
  historyCsvQuerySchema,
  historyPageSchema,
  historyQuerySchema,
  PATHS,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { historyLog } from '../../sos/history-log.js';
import { logRoutes } from '../log.js';

/** The paged history and its CSV export (docs/contract.md "Reports and history"), for super administrators. */
export default async function sosHistoryRoutes(app: FastifyInstance, options: RouteOptions) {
  const tz = options.env.TZ;
  logRoutes(app, [app.authenticate, app.requireRole('SUPER_ADMIN')], {
    log: historyLog(tz),
    tz,
    tags: ['sos'],
    filters:
      'Closed SOS, newest closure first (then id). from/to bound the raise time: an ISO 8601 instant, or a date ' +
      "YYYY-MM-DD (that day's start for from, its end for to, in the server's TZ); sosId: that one SOS.",
    page: {
      url: PATHS.sosHistory,
      summary: 'History',
      querystring: historyQuerySchema,
      response: historyPageSchema,
    },
    csv: {
      url: PATHS.sosHistoryCsv,
      summary: 'History as CSV (RFC 4180, UTF-8 with BOM), same filters and order as /sos/history',
      columns: `${HISTORY_CSV_COLUMNS.join(',')} (kind: the SOS's alarm kind; calls: the calls logged on it); times ISO 8601 UTC.`,
      querystring: historyCsvQuerySchema,
      action: 'HISTORY_EXPORTED',
      filename: 'sos-history',
    },
  });
}
