import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Shortcut to the ORM handle, for repositories. */
    db: Db;
  }
}

/** Makes the configuration and the opened database available to every plugin and module. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; database: Database }) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
  },
  { name: 'database' },
);
