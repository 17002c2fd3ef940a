import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded';
import { type EarlyListener, listenEarly } from './early-listener';

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

  let stopProgram: (() => Promise<void>) | null = null;
  let embedded: EmbeddedDatabase | null = null;
  let startup: Promise<void> = Promise.resolve();
  // Listened to from the start: the port answers before the program has loaded, so a stop may come while it
  // still starts. The start then finishes first, so that everything it opened (PostgreSQL) is closed.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await startup.catch(() => {});
      await stopProgram?.();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  onParentGone = () => void shutdown('the serving process is gone');
  if (!process.connected && process.send) onParentGone();

  startup = (async () => {
    // The port opens first (early-listener.ts): health answers once the database does, other requests wait
    // for the API. Not for HOST=localhost, which Fastify binds on each of its addresses itself.
    const early =
      config.role !== 'work' && config.host !== 'localhost'
        ? await listenEarly(config.port, config.host)
        : null;
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
    // Health answers as soon as the database is known to be migrated, then the program (run.ts: the API, the
    // jobs and every dependency they load) loads. Loaded after both: loading holds this thread for hundreds
    // of milliseconds, which would hold PostgreSQL's start and that check too.
    if (early) await readyWhenMigrated(early, databaseUrl);
    const { run } = await import('./run');
    stopProgram = await run({ config, databaseUrl, log, early });
  })();
  await startup;
}

/**
 * Tells the early port the database is ready when it already is migrated (every start but the first after an
 * upgrade): one query on a connection of its own. Otherwise run.ts says so once it migrated the database.
 */
async function readyWhenMigrated(early: EarlyListener, databaseUrl: string) {
  try {
    const [{ default: pg }, { migrationsUpToDate }] = await Promise.all([
      import('pg'),
      import('./db/migration-state'),
    ]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      if (await migrationsUpToDate(client)) early.databaseReady();
    } finally {
      await client.end();
    }
  } catch {
    // run.ts migrates, then says the database is ready.
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
