import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_COLUMNS,
  auditCsvQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerifySchema,
  PATHS,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { auditLogPages } from '../../audit/log.js';
import { verifyAudit } from '../../audit/verify.js';
import { logRoutes } from '../log.js';
import { SIGNED_IN_ERRORS } from '../errors.js';

const tags = ['audit'];
const errors = SIGNED_IN_ERRORS;

/** The audit log (docs/audit.md): read, exported and re-checked by super administrators. */
export default async function auditRoutes(app: FastifyInstance, options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.authenticate, app.requireRole('SUPER_ADMIN')];
  const tz = options.env.TZ;

  logRoutes(app, onRequest, {
    log: auditLogPages(tz),
    tz,
    tags,
    filters:
      'Newest first. from/to bound the record time: an ISO 8601 instant, or a date YYYY-MM-DD (in the server TZ); ' +
      'actor: a username, any case; action: one of the actions.',
    page: {
      url: PATHS.audit,
      summary: 'The audit log',
      querystring: auditQuerySchema,
      response: auditPageSchema,
    },
    csv: {
      url: PATHS.auditCsv,
      summary:
        'The audit log as CSV (RFC 4180, UTF-8 with BOM), same filters and order as /audit; recorded as AUDIT_EXPORTED',
      columns: `${AUDIT_CSV_COLUMNS.join(',')} (details: compact JSON).`,
      querystring: auditCsvQuerySchema,
      action: 'AUDIT_EXPORTED',
      filename: 'audit-log',
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
