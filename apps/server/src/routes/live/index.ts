import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, LIVE_EVENTS, LIVE_KEEPALIVE_MS, PATHS } from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { openHijackedStream } from './hijack.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

const querystring = z.object({
  lastEventId: z
    .string()
    .max(100)
    .optional()
    .describe('Fallback for the Last-Event-ID header (for clients that cannot set it)'),
});

const description = `Server-sent events (text/event-stream) for the dashboard, any signed-in role.

Events (\`event:\` name, \`data:\` JSON):
- \`${LIVE_EVENTS.newSos}\`: an SOS was raised (an SOS with its device)
- \`${LIVE_EVENTS.sosClosed}\`: an SOS was closed (the closed SOS with its device)
- \`${LIVE_EVENTS.deviceRegistered}\`, \`${LIVE_EVENTS.deviceRenamed}\`: a device (as in /device/getAll)
- \`${LIVE_EVENTS.deviceDeleted}\`: \`{ id }\` of the deleted device
- \`${LIVE_EVENTS.sosAcknowledged}\`: someone took charge of an SOS, or took it over (the SOS with its device)
- \`${LIVE_EVENTS.sosEscalated}\`: an SOS went unacknowledged past ackTargetSeconds (the SOS with its device)
- \`${LIVE_EVENTS.sosNote}\`: \`{ sosId, entry }\`, a note added to an SOS's timeline
- \`${LIVE_EVENTS.deviceOffline}\`, \`${LIVE_EVENTS.deviceOnline}\`: a monitored device went silent / was heard again (the device)
- \`${LIVE_EVENTS.deviceDeletedSos}\`: a deleted device sent an SOS, refused to it (the device; a technical alarm)
- \`${LIVE_EVENTS.deviceDeletedSosDismissed}\`: \`{ id }\` of that device: a super administrator dismissed its technical alarm
- \`${LIVE_EVENTS.sosUpdated}\`: a device said more about its open SOS (another alarm, a restore, a cancel): a DEVICE_EVENT timeline entry, perhaps a graver kind (the SOS with its device)
- \`${LIVE_EVENTS.sosRealerted}\`: right after its \`sos-updated\`, a further alarm re-alerted the open SOS: unacknowledged again, its escalation clock restarted, the alarm sounds again (the SOS with its device; docs/alarm-handling.md, "Re-alert")
- \`${LIVE_EVENTS.technicalAlarm}\`: \`{ type, device, since }\`, a device reported low battery, power failure or tamper
- \`${LIVE_EVENTS.technicalAlarmCleared}\`: \`{ type, deviceId }\`, that technical alarm was restored by the device or dismissed
- \`${LIVE_EVENTS.resync}\`: \`{ reason }\`, the client missed more than the server keeps: reload the lists

Every event has an \`id:\`. A reconnecting client sends \`Last-Event-ID\` (or \`?lastEventId=\`)
and first receives every event it missed, in order, then the live ones; an id older than the
kept events, or not a number, yields \`${LIVE_EVENTS.resync}\`. A client without it gets only new
events and, first, an \`id:\` line (empty data) giving its resume position. A \`: keep-alive\`
comment comes every ${LIVE_KEEPALIVE_MS / 1000} s. The stream ends when the access token expires,
when its session ends (logout, a password or role change elsewhere), when the user is deleted, and when the server shuts down: refresh the token if needed, then
reconnect with Last-Event-ID. Not rate limited.`;

/** GET /api/sos/realTime: the live stream (docs/contract.md), served by the live plugin's hub. */
export default async function liveRoutes(app: FastifyInstance, _options: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: PATHS.sosRealTime,
    // A HEAD would hold a connection open with nothing to read.
    exposeHeadRoute: false,
    schema: {
      tags: ['sos'],
      summary: 'Live stream of SOS and device events (server-sent events)',
      description,
      produces: ['text/event-stream'],
      querystring,
      response: {
        200: {
          description: 'An endless text/event-stream (see the description for its events)',
          content: { 'text/event-stream': { schema: z.string() } },
        },
        400: errorResponseSchema,
        401: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate],
    handler: (request, reply) => {
      const header = request.headers['last-event-id'];
      app.live.open(openHijackedStream(request, reply, SSE_HEADERS), {
        userId: request.user!.id,
        sessionId: request.sessionId!,
        tokenExpiresAt: request.tokenExpiresAt!,
        lastEventId: typeof header === 'string' ? header : request.query.lastEventId,
      });
    },
  });
}
