import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database: `database.db` for queries, `database.listen` for NOTIFY. */
    database: Database;
    db: Db;
  }
}

interface DbPluginOptions {
  database: Database;
  /** Close the database when the app closes (false when the caller owns it). */
  closeOnExit?: boolean;
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  if (options.closeOnExit !== false) {
    app.addHook('onClose', async () => options.database.close());
  }
}

export default fp(dbPlugin, { name: 'db', fastify: '5.x' });
