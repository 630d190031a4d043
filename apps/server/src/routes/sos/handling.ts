import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import {
  PATHS,
  sosAckQuerySchema,
  sosConflictErrorSchema,
  sosIdQuerySchema,
  sosNoteBodySchema,
  sosSchema,
  sosTimelineEntrySchema,
  sosTimelineSchema,
  type Sos,
  type SosConflictError,
} from '@sos/contract';
import { auditByOf } from '../../audit/by.js';
import { notFound } from '../../lib/http-error.js';
import { acknowledgeSos } from '../../sos/acknowledge.js';
import { addNote } from '../../sos/notes.js';
import { readTimeline } from '../../sos/timeline.js';
import { callRoute } from './call.js';
import { signedInErrorsWith404 } from '../errors.js';

const tags = ['sos'];
const errors = signedInErrorsWith404('no such SOS');

const MESSAGES = {
  SOS_NOT_OPEN: 'This SOS is already closed',
  SOS_ALREADY_ACKNOWLEDGED: 'Someone else has already taken charge of this SOS',
} as const;

/** A 409 carrying the SOS as it stands, so the console can say who (docs/alarm-handling.md). */
export function conflict(reply: FastifyReply, code: keyof typeof MESSAGES, sos: Sos) {
  const body: SosConflictError = {
    statusCode: 409,
    error: STATUS_CODES[409]!,
    message: MESSAGES[code],
    code,
    sos,
  };
  return reply.code(409).send(body);
}

/** Alarm handling (docs/alarm-handling.md): take charge, notes, the timeline. Every signed-in role. */
export function handlingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: PATHS.sosAck,
    schema: {
      tags,
      summary: 'Takes charge of an open SOS; takeOver=true takes it from someone else',
      description:
        'The same user again: 200, unchanged. Someone else has it: 409 SOS_ALREADY_ACKNOWLEDGED ' +
        'unless takeOver=true (acknowledgedBy changes, acknowledgedAt keeps the first time). ' +
        'Closed: 409 SOS_NOT_OPEN. Both 409s carry `sos`, as it stands. Event sos-acknowledged.',
      querystring: sosAckQuerySchema,
      response: { 200: sosSchema, ...errors, 409: sosConflictErrorSchema },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      const { sosId, takeOver } = request.query;
      const result = await acknowledgeSos(
        app.db,
        sosId,
        request.user!,
        takeOver,
        auditByOf(request),
      );
      if (!('error' in result)) return result.sos;
      if (result.error === 'NOT_FOUND') throw notFound('SOS');
      return conflict(
        reply,
        result.error === 'NOT_OPEN' ? 'SOS_NOT_OPEN' : 'SOS_ALREADY_ACKNOWLEDGED',
        result.sos,
      );
    },
  });

  routes.route({
    method: 'POST',
    url: PATHS.sosNote,
    schema: {
      tags,
      summary: "Adds a note to an open SOS's timeline (event sos-note)",
      querystring: sosIdQuerySchema,
      body: sosNoteBodySchema,
      response: { 201: sosTimelineEntrySchema, ...errors, 409: sosConflictErrorSchema },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      const result = await addNote(
        app.db,
        request.query.sosId,
        request.user!,
        request.body.text,
        auditByOf(request),
      );
      if (!('error' in result)) return reply.code(201).send(result.entry);
      if (result.error === 'NOT_FOUND') throw notFound('SOS');
      return conflict(reply, 'SOS_NOT_OPEN', result.sos);
    },
  });

  callRoute(app, { tags, errors, conflict });

  routes.route({
    method: 'GET',
    url: PATHS.sosTimeline,
    schema: {
      tags,
      summary:
        'An SOS\'s timeline, oldest first: RAISED, ACKNOWLEDGED, ESCALATED, NOTE, CALL, DEVICE_EVENT (what the device said while it was open, e.g. "Incendio (1110)"), CLOSED',
      description:
        'CLOSED text: the outcome code, then a newline and the note; null when neither. ' +
        "A CALL entry carries `call` {to, contactIndex, name, phone, result} as it was logged; its text is the call's note.",
      querystring: sosIdQuerySchema,
      response: { 200: sosTimelineSchema, ...errors },
    },
    onRequest: [app.authenticate],
    handler: async (request) => {
      const timeline = await readTimeline(app.db, request.query.sosId);
      if (!timeline) throw notFound('SOS');
      return timeline;
    },
  });
}
