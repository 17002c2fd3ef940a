import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheSessions } from './auth/sessions';
import { ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { connectDatabase } from './db/client';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
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
 * One program, two roles: `serve` (HTTP API, web app, /cable) and `work` (jobs). With no role it runs both,
 * on the embedded PostgreSQL unless DATABASE_URL is set: it serves, and runs the jobs in a child process of
 * its own (`work`, at a lower CPU priority) unless WORKER_PROCESS=inline.
 */
/**
 * The worker child of `npm start` goes with its parent, even one killed without a word (kill -9): listened to
 * from the first moment (a parent may go while the child still starts), draining its jobs once it runs.
 */
let onParentGone: () => void = () => process.exit(0);
if (process.send) process.once('disconnect', () => onParentGone());

async function main() {
  const roleArg = process.argv[2];
  const config = loadConfig(roleArg ? { ...process.env, ROLE: roleArg } : process.env);
  const log = (message: string) => console.log(`[meetwell] ${message}`);

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log(`starting the embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}`);
    embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      databaseName: 'meetwell',
      // PostgreSQL's own chatter stays quiet; what needs attention is shown.
      log: (line) => {
        if (/traverse|FATAL|PANIC/.test(line)) log(line.trim());
      },
    });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl, { max: 20 });
  await runMigrations(database);
  const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    secrets: createSecrets(secretKey),
    pubsub: await createPubSub(databaseUrl),
    jobs: await createJobQueue(database.pool),
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
  const workerProcess =
    config.role === 'all' && config.workerProcess === 'separate'
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
  // Jobs get a pool of their own: a long sync or report build never takes the connections requests need.
  // A running sync holds one connection for its calendar's lock besides the one it works on.
  const jobDatabase =
    config.role === 'serve' || workerProcess
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
    await app.listen({ port: config.port, host: config.host });
    log(`serving ${config.appUrl} (role ${config.role})${config.demoMode ? ', demo sign-in enabled' : ''}`);
  } else {
    log('working on jobs (role work)');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
      await workerProcess?.stop();
      await worker?.stop();
      await jobDatabase?.close();
      await ctx.jobs.close();
      for (const stop of readCaches) stop();
      await ctx.pubsub.close();
      await database.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  onParentGone = () => void shutdown('the serving process is gone');
  if (!process.connected && process.send) onParentGone();
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
