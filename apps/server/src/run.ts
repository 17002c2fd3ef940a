import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheSessions } from './auth/sessions';
import type { Config } from './config';
import type { AppContext } from './context';
import { connectDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import type { EarlyListener } from './early-listener';
import { cacheWeeks } from './features/meetings/week-cache';
import { buildApp } from './http/app';
import { createJobQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { createSecrets, resolveSecretKey } from './lib/crypto';
import { createPubSub } from './realtime/pubsub';
import { allRoutes } from './routes';
import { lowerDatabasePriority, startWorkerProcess } from './worker-process';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The program once its database answers (main.ts starts the embedded one while this module loads): the
 * migrations, the context, the API (on the port main.ts opened) and the jobs (in this process or in a child
 * process). Returns the function that stops it all, in order.
 */
export async function run(options: {
  config: Config;
  databaseUrl: string;
  log: (message: string) => void;
  /** The port, already open (main.ts): handed to the API once it is ready. */
  early: EarlyListener | null;
  /** Told once the database is migrated (main.ts records it in the embedded database's folder). */
  onMigrated?: () => void;
}): Promise<() => Promise<void>> {
  const { config, databaseUrl, log, early } = options;
  const database = connectDatabase(databaseUrl, { max: 20 });
  await runMigrations(database);
  early?.databaseReady();
  options.onMigrated?.();
  // Independent steps, each a few round trips: run side by side.
  const [secretKey, pubsub, jobs] = await Promise.all([
    resolveSecretKey(config.secretKey, config.dataDir),
    createPubSub(databaseUrl),
    createJobQueue(database.pool),
  ]);
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    secrets: createSecrets(secretKey),
    pubsub,
    jobs,
    now: () => new Date(),
  };

  // Per-process read caches (a session for a few seconds, a user's week until it changes), kept fresh by the
  // database's notifications; READ_CACHE=off serves every read from the database (to measure it).
  const readCaches =
    config.role === 'work' || !config.readCaches
      ? []
      : [cacheSessions(ctx.db, ctx.pubsub), cacheWeeks(ctx.pubsub)];
  const app = config.role === 'work' ? null : await buildApp(ctx, allRoutes, { webDist });
  // With both roles (npm start), the jobs run in a child process by default (worker-process.ts): their CPU
  // work never holds the thread answering requests. WORKER_PROCESS=inline keeps them in this process.
  const separateWorker = config.role === 'all' && config.workerProcess === 'separate';
  // Jobs get a pool of their own: a long sync or report build never takes the connections requests need.
  // A running sync holds one connection for its calendar's lock besides the one it works on.
  const jobDatabase =
    config.role === 'serve' || separateWorker
      ? null
      : connectDatabase(databaseUrl, { max: 2 * config.workerConcurrency + 4 });
  // The worker child of `npm start` lowers its database sessions' priority as well as its own.
  if (jobDatabase && process.send) lowerDatabasePriority(jobDatabase.pool, databaseUrl);
  const worker = jobDatabase
    ? await startWorker(
        { ...ctx, db: jobDatabase.db, pool: jobDatabase.pool },
        { concurrency: config.workerConcurrency },
      )
    : null;
  if (app) {
    if (early) await early.handOver(app);
    else await app.listen({ port: config.port, host: config.host });
    log(`serving ${config.appUrl} (role ${config.role})${config.demoMode ? ', demo sign-in enabled' : ''}`);
  } else {
    log('working on jobs (role work)');
  }
  // The worker child starts once this process serves: its own start (loading the program, connecting) does
  // not compete for the processor with the requests' first answer. Jobs queued meanwhile wait in the table.
  const workerProcess = separateWorker
    ? startWorkerProcess({
        // What this process resolved: the embedded database's address and the key it generated or read.
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.resolve(config.dataDir),
          SECRET_KEY: secretKey,
          // A default that follows the embedded database, as this process decided it: with DATABASE_URL set
          // the child took the hosted one (its syncs refused the calendar hosts the API had accepted).
          ALLOW_PRIVATE_CALENDAR_HOSTS: String(config.allowPrivateCalendarHosts),
          // The same for the demo: the child builds the demo pool's teams only in demo mode.
          DEMO_MODE: String(config.demoMode),
        },
        log,
      })
    : null;

  return async () => {
    await app?.close();
    await workerProcess?.stop();
    await worker?.stop();
    await jobDatabase?.close();
    await ctx.jobs.close();
    for (const stop of readCaches) stop();
    await ctx.pubsub.close();
    await database.close();
  };
}
