import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { connectDatabase, type Db } from '../../db/client';
import { startEmbeddedDatabase } from '../../db/embedded';

/** The database name main.ts gives the embedded server's database. */
const EMBEDDED_DATABASE = 'meetwell';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs as another user (the postgres user when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The port of the embedded PostgreSQL a running `npm start` serves from DATA_DIR, or null when none runs. */
async function runningEmbeddedPort(dataDir: string): Promise<number | null> {
  const pidFile = await fs
    .readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .catch(() => null);
  if (!pidFile) return null;
  // postmaster.pid: pid, data directory, start time, port, ... one per line.
  const [pidLine, , , portLine] = pidFile.split('\n');
  const pid = Number.parseInt(pidLine ?? '', 10);
  const port = Number.parseInt(portLine ?? '', 10);
  return Number.isFinite(pid) && pid > 0 && isRunning(pid) && Number.isFinite(port) ? port : null;
}

/**
 * The server's database for an operator command: DATABASE_URL when set; else the embedded PostgreSQL of
 * DATA_DIR — joined where a running server has it (it is never stopped from here), or started for the
 * command and stopped after it.
 */
export async function openAdminDatabase(config: Config, log: (line: string) => void): Promise<Db> {
  if (config.databaseUrl) return connectDatabase(config.databaseUrl, { max: 2 });
  const initialised = await fs
    .stat(path.join(config.dataDir, 'postgres', 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    throw new Error(
      `No database in ${config.dataDir} yet: start the server once (npm start), then try again.`,
    );
  }
  const port = await runningEmbeddedPort(config.dataDir);
  if (port) {
    const credentials = JSON.parse(await fs.readFile(path.join(config.dataDir, 'postgres.json'), 'utf8')) as {
      user: string;
      password: string;
    };
    log(`using the database of the running server (port ${port})`);
    const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
    return connectDatabase(url, { max: 2 });
  }
  log(`starting the embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')} for this command`);
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, databaseName: EMBEDDED_DATABASE });
  const database = connectDatabase(embedded.url, { max: 2 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await embedded.stop();
    },
  };
}
