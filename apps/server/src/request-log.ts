import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { apiPath } from '@sos/contract';

/** The device API: thousands of devices beating; their successes are routine. */
const DEVICE_API = new Set([
  apiPath('deviceRegister'),
  apiPath('deviceSos'),
  apiPath('deviceHeartbeat'),
]);
/** Refusals that tell of someone at the door: a bad token or key, a role, a throttle. */
const SECURITY_STATUSES = new Set([401, 403, 429]);

/**
 * One line per request, at the level it deserves, so that at LOG_LEVEL=info a fleet's
 * heartbeats do not drown the rest (nor push the first start's password off the screen):
 *  - errors (5xx, a failed handler): error; but 503 (database away, or closing): debug, the
 *    outage being logged once when it starts and once when it ends;
 *  - security events (401, 403, 429): warn, whatever the route: always there, also at warn;
 *  - device API successes: debug; every other answer: info.
 * "incoming request" is at debug: the completion line carries the request too.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const status = reply.statusCode;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    // A 503 is the database being away: the outage has its own two lines (db/outage-log.ts).
    if (status === 503) reply.log.debug(line, 'request answered 503');
    else if (error || status >= 500) reply.log.error({ ...line, err: error }, 'request errored');
    else if (SECURITY_STATUSES.has(status)) reply.log.warn(line, 'request refused');
    else if (status < 400 && DEVICE_API.has(request.routeOptions.url ?? ''))
      reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
