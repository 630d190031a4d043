import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header, or undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}
