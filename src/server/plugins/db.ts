/** Decorates the app with the database (opened by the caller), the configuration and the SMS sender. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Database } from '../db/database';
import type { Config } from '../config';
import { createSmsSender, type SmsSender } from '../sms';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Kysely<DB>;
    sms: SmsSender;
  }
}

export interface DbPluginOptions {
  config: Config;
  database: Database;
  sms?: SmsSender;
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('sms', options.sms ?? createSmsSender(options.config, options.database.db, app.log));
}

export default fp(dbPlugin, { name: 'db' });
