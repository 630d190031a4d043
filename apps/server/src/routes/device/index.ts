import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../index.js';

export default async function deviceRoutes(_app: FastifyInstance, _options: RouteOptions) {}
