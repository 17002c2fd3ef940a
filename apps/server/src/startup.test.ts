import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';
import { isProcessAlive } from './test/processes';

/**
 * main.ts starts the embedded PostgreSQL before the configuration is validated (so that its start runs while
 * the rest loads): a start that then finds the configuration invalid says why and leaves no PostgreSQL behind.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-startup-'));
  await fs.chmod(dataDir, 0o755);
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>, folder = dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: folder, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const postmasterPid = () => path.join(dataDir, 'postgres', 'postmaster.pid');

describe('a start with an invalid configuration', () => {
  it('says what is wrong, exits 1 and stops the embedded PostgreSQL it started', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), HOST: '127.0.0.1', APP_URL: 'not a url' });
    const code = await run.exited;
    expect(code, run.output()).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('APP_URL');
    // The database was started (its folder exists) and stopped again: no postmaster runs on it.
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    if (existsSync(postmasterPid())) {
      const pid = Number(readFileSync(postmasterPid(), 'utf8').split('\n')[0]);
      expect(isProcessAlive(pid)).toBe(false);
    }
  }, 120_000);
});

/** The migrations recorded in the embedded database of `folder`, asked on a connection of its own. */
async function migrationsApplied(folder: string): Promise<number> {
  const { user, password } = JSON.parse(readFileSync(path.join(folder, 'postgres.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const port = readFileSync(path.join(folder, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user,
    password,
    database: 'meetwell',
  });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))
      .rows[0]!.n;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/** Asks health until it first says ready; then, at once, how many migrations the database holds. */
async function migrationsWhenFirstHealthy(port: number, folder: string, run: ReturnType<typeof start>) {
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`the server exited:\n${run.output()}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return migrationsApplied(folder);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('health while a start runs', () => {
  it('says ready only once the database is migrated, also when the folder records a database made anew since', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-startup-health-'));
    await fs.chmod(folder, 0o755);
    const migrations = (
      JSON.parse(readFileSync(path.join(serverDir, 'src/db/migrations/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    const startOn = async () => {
      const port = await freePort();
      const run = start(
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: `http://localhost:${port}`,
          WORKER_PROCESS: 'inline',
        },
        folder,
      );
      try {
        return await migrationsWhenFirstHealthy(port, folder, run);
      } finally {
        run.child.kill('SIGTERM');
        await run.exited;
      }
    };
    try {
      // A new folder: its database is made and migrated, and the folder records it.
      expect(await startOn()).toBe(migrations);
      expect(existsSync(path.join(folder, 'migrated.json'))).toBe(true);
      // A restart, the record current: ready as soon as PostgreSQL is.
      expect(await startOn()).toBe(migrations);
      // The database made anew (its folder lost) while the record stays: not taken for migrated.
      await fs.rm(path.join(folder, 'postgres'), { recursive: true, force: true });
      expect(await startOn()).toBe(migrations);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
