/**
 * The server process: reads the configuration, opens (and migrates) the database, listens, and shuts down
 * gracefully on SIGINT/SIGTERM (stop accepting, finish requests in flight, close the database, release the lock).
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirLockedError } from './db/lock';
import { buildApp } from './app';

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }

  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, phoneRegion: config.defaultPhoneRegion });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    console.error(`Could not open the database: ${(err as Error).message}`);
    process.exit(3);
  }

  const app = await buildApp({ config, database });
  if (app.sms.kind === 'outbox') {
    app.log.warn(
      'SMS_PROVIDER is the outbox: messages are NOT sent; each is logged as "SMS to <phone>: <text>" and readable at GET /api/v1/dev/outbox?to=<phone>. Set SMS_PROVIDER=http for a real gateway.',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: shutting down`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error(`Could not listen on ${config.host}:${config.port}: ${(err as Error).message}`);
    await database.close();
    process.exit(4);
  }
  app.log.info(
    `ready in ${Date.now() - started} ms: ${address} (database: ${database.kind} ${database.where}${
      database.applied.length ? `, applied ${database.applied.join(', ')}` : ''
    })`,
  );
}

void main();
