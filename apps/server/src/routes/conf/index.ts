import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../index.js';

export default async function confRoutes(_app: FastifyInstance, _options: RouteOptions) {}
