import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEmployeeRequestSchema,
  employeeListSchema,
  employeeSchema,
  errorResponseSchema,
  idParamsSchema,
  PATHS,
  updateEmployeeRequestSchema,
} from '@sos/contract';
import { auditByOf } from '../../audit/by.js';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { findEmployee, listEmployees } from '../../users/repository.js';
import { changeEmployee, createEmployee, removeEmployee } from '../../users/writes.js';

const tags = ['employee'];
const denied = {
  400: errorResponseSchema,
  401: errorResponseSchema.describe('No valid access token'),
  403: errorResponseSchema.describe('Not a super administrator'),
};
const notFoundResponse = errorResponseSchema.describe('NOT_FOUND: no user with this id');
const conflict = (what: string) => errorResponseSchema.describe(what);

/** User management (docs/console.md): super administrators only. */
export default async function employeeRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.authenticate, app.requireRole('SUPER_ADMIN')];

  routes.route({
    method: 'GET',
    url: PATHS.employee,
    onRequest,
    schema: {
      tags,
      summary: 'Every user, by username',
      response: { 200: employeeListSchema, ...denied },
    },
    handler: () => listEmployees(app.db),
  });

  routes.route({
    method: 'GET',
    url: PATHS.employeeById,
    onRequest,
    schema: {
      tags,
      summary: 'One user',
      params: idParamsSchema,
      response: { 200: employeeSchema, ...denied, 404: notFoundResponse },
    },
    handler: async (request) => {
      const employee = await findEmployee(app.db, request.params.id);
      if (!employee) throw notFound('User');
      return employee;
    },
  });

  routes.route({
    method: 'POST',
    url: PATHS.employee,
    onRequest,
    schema: {
      tags,
      summary: 'Create a user (role EMPLOYEE unless given)',
      body: createEmployeeRequestSchema,
      response: {
        201: employeeSchema,
        ...denied,
        409: conflict('USERNAME_TAKEN: the username exists, whatever its case'),
      },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createEmployee(app.db, request.body, auditByOf(request))),
  });

  routes.route({
    method: 'PATCH',
    url: PATHS.employeeById,
    onRequest,
    schema: {
      tags,
      summary: 'Update a user; an empty or absent password keeps the old one',
      description:
        'A new password or role ends every other session of the user at once (tokens refused, live streams ended), not the one making the change. `body.id`, when sent, must equal the path id.',
      params: idParamsSchema,
      body: updateEmployeeRequestSchema,
      response: {
        200: employeeSchema,
        ...denied,
        403: errorResponseSchema.describe(
          'Not a super administrator, or OWN_ROLE: changing one’s own role',
        ),
        404: notFoundResponse,
        409: conflict(
          'USERNAME_TAKEN, or LAST_SUPER_ADMIN: the last super administrator cannot be demoted',
        ),
      },
    },
    handler: async (request) => {
      const { employee, sessionsEnded } = await changeEmployee(
        app.db,
        request.params.id,
        request.body,
        { id: request.user!.id, session: request.sessionId },
        auditByOf(request),
      );
      if (sessionsEnded) {
        // After the commit; the change stands if this fails: his streams end with their token.
        await app.live
          .endSessions({
            userId: employee.id,
            ...(request.sessionId ? { except: request.sessionId } : {}),
          })
          .catch((err: unknown) => {
            request.log.error(
              { err, userId: employee.id },
              'could not end the live streams of a changed user',
            );
          });
      }
      return employee;
    },
  });

  routes.route({
    method: 'DELETE',
    url: PATHS.employeeById,
    onRequest,
    schema: {
      tags,
      summary: 'Delete a user: his sessions and live streams end at once',
      params: idParamsSchema,
      response: {
        204: z.null().describe('Deleted'),
        ...denied,
        404: notFoundResponse,
        409: conflict('CANNOT_DELETE_SELF, or LAST_SUPER_ADMIN'),
      },
    },
    handler: async (request, reply) => {
      await removeEmployee(app.db, request.params.id, auditByOf(request));
      // After the commit: his streams on every process end now, not at token expiry. The
      // deletion stands if this fails: his streams then end when their token is refused.
      await app.live.disconnectUser(request.params.id).catch((err: unknown) => {
        request.log.error(
          { err, userId: request.params.id },
          'could not end the live streams of a deleted user',
        );
      });
      return reply.code(204).send(null);
    },
  });
}
