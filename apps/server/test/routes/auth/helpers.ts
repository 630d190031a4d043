import type { FastifyInstance } from 'fastify';
import { authResponseSchema, type AuthResponse, type Role } from '@sos/contract';
import type { Database } from '../../../src/db/client.js';
import { users } from '../../../src/db/schema.js';
import { hashPassword } from '../../../src/lib/password.js';

/** Logs in through the route and returns the parsed answer (throws on anything but 200). */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<AuthResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return authResponseSchema.parse(res.json());
}

export function refreshByQuery(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/refreshAuth?refresh_token=${encodeURIComponent(token)}`,
  });
}

export function refreshByBody(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refreshAuth',
    payload: { refresh_token: token },
  });
}

/** A route that answers the authenticated user: shows whether an access token works. */
export function registerProbe(app: FastifyInstance) {
  app.get('/probe', { onRequest: [app.authenticate] }, async (request) => request.user);
}

/** Inserts a user straight into the database; returns his id. */
export async function addUser(
  database: Database,
  username: string,
  password: string,
  role: Role = 'EMPLOYEE',
): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.com`,
      role,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  return row!.id;
}
