/**
 * The server process: reads the configuration, checks DATA_DIR and the port (one plain line and an exit when either
 * is unusable, before anything slow), opens (and migrates) the database, listens, and shuts down gracefully on
 * SIGINT/SIGTERM or when its launcher is gone (stop accepting, finish requests in flight, close the database,
 * release the lock). Exit codes: 2 configuration (DATA_DIR included), 3 database, 4 listening.
 */
import { ConfigError, loadConfig } from './config';
import { checkPortFree, dataDirProblem, listenProblem } from './startup-checks';
import { stopWithParent } from './parent-watch';

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

  // Before the database: these mistakes are found in milliseconds, not after an open that can take seconds.
  const dirProblem = config.databaseUrl ? undefined : dataDirProblem(config.dataDir);
  if (dirProblem) {
    console.error(dirProblem);
    process.exit(2);
  }
  const portProblem = await checkPortFree(config.host, config.port);
  if (portProblem) {
    console.error(portProblem);
    process.exit(4);
  }

  // Loaded only now, so the checks above answer before the application's modules are even read.
  const [{ openDatabase }, { DataDirLockedError }, { buildApp }] = await Promise.all([
    import('./db/database'),
    import('./db/lock'),
    import('./app'),
  ]);
  let database;
  try {
    database = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      phoneRegion: config.defaultPhoneRegion,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      poolSize: config.dbPoolSize,
    });
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
  // Started by scripts/start.mjs: if that launcher dies without passing a signal on, stop rather than be orphaned.
  stopWithParent(process.env.HALAL_FUND_LAUNCHER_PID, () => void shutdown('launcher exited'));

  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(listenProblem(config.host, config.port, err as NodeJS.ErrnoException));
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
