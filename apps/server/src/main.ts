import path from 'node:path';
import { startEmbeddedDatabase } from './db/embedded';
import type { EarlyListener } from './early-listener';
import { ConfigError, earlyAddress, resolveDataDir } from './startup-env';

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
  const env = roleArg ? { ...process.env, ROLE: roleArg } : process.env;
  const log = (message: string) => console.log(`[meetwell] ${message}`);
  // PostgreSQL starts first: what the start needs meanwhile (the port's listener, the migration check) loads
  // once its process is spawned, since loading holds this thread.
  const dataDir = env.DATABASE_URL ? null : resolveDataDir(env);
  const database = dataDir === null ? null : startDatabase(dataDir, log);
  await database?.spawned;

  let stopProgram: (() => Promise<void>) | null = null;
  let startup: Promise<void> = Promise.resolve();
  // Listened to from the start: the port answers before the program has loaded, so a stop may come while it
  // still starts. The start then finishes first, so that everything it opened (PostgreSQL) is closed.
  let stopping = false;
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    if (signal) log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await startup.catch(() => {});
      await stopProgram?.();
      await (await database?.started.catch(() => null))?.stop();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  onParentGone = () => void shutdown('the serving process is gone');
  if (!process.connected && process.send) onParentGone();

  startup = (async () => {
    // The port opens first (early-listener.ts): health answers once the database does, other requests wait
    // for the API.
    const address = earlyAddress(env);
    // node:http too loads once PostgreSQL is spawned.
    const early = address
      ? await (await import('./early-listener')).listenEarly(address.port, address.host)
      : null;
    // Health answers as soon as the database is known to be migrated; then the program (run.ts: the API, the
    // jobs and every dependency they load) loads. Loading holds this thread, which would hold that answer too,
    // and the notice that PostgreSQL is ready: while PostgreSQL starts, only the migration check loads. The
    // embedded database's folder records that it is migrated (db/migration-state.ts): health then answers once
    // PostgreSQL accepts connections. Otherwise one query tells, on a connection of its own.
    const migrationState = import('./db/migration-state');
    const recorded =
      dataDir === null
        ? Promise.resolve(false)
        : migrationState.then((state) => state.recordedAsMigrated(dataDir));
    const client = recorded.then((yes) => (yes ? null : import('pg')));
    // Awaited below; a failure meanwhile must not count as unhandled.
    client.catch(() => {});
    const embedded = database ? await database.started : null;
    const databaseUrl = embedded?.url ?? env.DATABASE_URL!;
    if (early) {
      if (embedded && !embedded.created && (await recorded)) early.databaseReady();
      else
        await readyWhenMigrated(
          early,
          databaseUrl,
          (await client) ?? (await import('pg')),
          await migrationState,
        );
    }
    // The configuration's validation loads after PostgreSQL's start, not during it: its schema library takes
    // tens of milliseconds of this thread, which on two cores slowed PostgreSQL's own processes (about 20 ms
    // later to health, measured by bench/startup.bench.ts). One turn first, so that a health request already
    // received is answered before it.
    await new Promise((resolve) => setImmediate(resolve));
    const config = (await import('./config')).loadConfig(env);
    const { run } = await import('./run');
    const onMigrated =
      dataDir === null
        ? undefined
        : () =>
            void migrationState
              .then((state) => state.recordMigrated(dataDir))
              .catch((error: unknown) => log(`could not record the database as migrated: ${String(error)}`));
    stopProgram = await run({ config, databaseUrl, log, early, onMigrated });
  })();
  try {
    await startup;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    await shutdown('', 1);
  }
}

/**
 * Tells the early port the database is ready when it already is migrated (every start but the first after an
 * upgrade): one query on a connection of its own. Otherwise run.ts says so once it migrated the database.
 */
async function readyWhenMigrated(
  early: EarlyListener,
  databaseUrl: string,
  { default: pg }: typeof import('pg'),
  { migrationsUpToDate }: typeof import('./db/migration-state'),
) {
  try {
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

/** The embedded PostgreSQL on the data folder (its own chatter stays quiet; what needs attention is shown). */
function startDatabase(dataDir: string, log: (message: string) => void) {
  log(`starting the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`);
  let onSpawn = () => {};
  const spawnedProcess = new Promise<void>((resolve) => {
    onSpawn = resolve;
  });
  const started = startEmbeddedDatabase({
    dataDir,
    databaseName: 'meetwell',
    log: (line) => {
      if (/traverse|FATAL|PANIC/.test(line)) log(line.trim());
    },
    onSpawn,
  });
  // Awaited once the configuration is read; a failure meanwhile must not count as unhandled.
  started.catch(() => {});
  const spawned = Promise.race([spawnedProcess, started.then(noop, noop)]);
  return { started, spawned };
}

const noop = () => {};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
