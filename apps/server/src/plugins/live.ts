import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      /** Ends every live stream of a user (deleted), on every server process. */
      disconnectUser(userId: number): Promise<void>;
      /** Live streams open on this process. */
      streamCount(): number;
    };
  }
}

export interface LivePluginOptions {
  retention: number;
}

// Placeholder until the live hub lands (same session).
async function livePlugin(app: FastifyInstance, _options: LivePluginOptions) {
  app.decorate('live', {
    async disconnectUser() {},
    streamCount: () => 0,
  });
}

export default fp(livePlugin, { name: 'live', dependencies: ['db', 'auth'], fastify: '5.x' });
