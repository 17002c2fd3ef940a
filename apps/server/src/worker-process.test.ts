import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './auth/sessions';
import { freePort } from './db/embedded';
import { calendars } from './db/schema';
import { createTestContext, type TestContext } from './test/context';
import { createUser } from './test/factories';
import { isProcessAlive } from './test/processes';

/**
 * `npm start`'s program with both roles: it serves, and runs the jobs in a child process of its own at a lower
 * CPU priority, which stops with it (also when it is killed without a word) and is started again if it dies.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let ctx: TestContext;
let server: ChildProcess;
let output = '';
let port: number;

/** The worker processes (role `work`) whose parent is `pid`, as ps lists them. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => / work$/.test(line.trim()))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
  } catch {
    return [];
  }
}
/** Polls `read` until it gives a value; on a timeout the error carries the server's output. */
async function waitUntil<T>(
  read: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  options: { timeout: number; message: () => string },
): Promise<T> {
  const deadline = Date.now() + options.timeout;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(options.message());
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** A process's niceness, or null when it has just gone (a database session may end while listed). */
function niceness(pid: number): number | null {
  try {
    return Number(execFileSync('ps', ['-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' }));
  } catch {
    return null;
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.databaseUrl,
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      DATA_DIR: ctx.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null))?.ok, {
    timeout: 90_000,
    message: () => `the server did not start:\n${output}`,
  });
}, 120_000);

afterAll(async () => {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
  }
  await ctx?.close();
});

describe('the program with both roles', () => {
  it('runs the jobs in a child process at a lower CPU priority', async () => {
    const [worker] = await waitUntil(
      () => (childrenOf(server.pid!).length ? childrenOf(server.pid!) : null),
      {
        timeout: 90_000,
        message: () => `no worker process:\n${output}`,
      },
    );
    expect(niceness(worker!)).toBeGreaterThan(niceness(server.pid!)!);
    // Its database sessions too (the database runs on this machine), while the serving process's do not.
    const sessions = async () =>
      (
        await ctx.pool.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => niceness(r.pid));
    await waitUntil(async () => (await sessions()).some((n) => n !== null && n >= 10), {
      timeout: 90_000,
      message: () => `no database session of the worker runs at its priority:\n${output}`,
    });
    expect((await sessions()).some((n) => n === 0)).toBe(true);
    // A job asked for through the API is done by the worker: an ICS file imported and synced.
    const user = await createUser(ctx);
    const { token } = await createSession(ctx.db, user.id);
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/calendars/ics`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'calendars',
          attributes: {
            name: 'File',
            content:
              'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a@b\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:One\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          },
        },
      }),
    });
    expect(answer.status).toBe(201);
    const id = ((await answer.json()) as { data: { id: string } }).data.id;
    await waitUntil(
      async () => {
        const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, id));
        return row?.lastSyncedAt ? row : null;
      },
      { timeout: 90_000, message: () => `the sync did not run:\n${output}` },
    );
  }, 240_000);

  it('starts the worker again when it dies, and ends it with the serving process, even on kill -9', async () => {
    const [first] = childrenOf(server.pid!);
    process.kill(first!, 'SIGKILL');
    const [second] = await waitUntil(
      () => {
        const now = childrenOf(server.pid!).filter((pid) => pid !== first);
        return now.length ? now : null;
      },
      { timeout: 90_000, message: () => `the worker was not started again:\n${output}` },
    );
    expect(output).toContain('the job worker stopped');
    server.kill('SIGKILL');
    await waitUntil(() => !isProcessAlive(second!), {
      timeout: 60_000,
      message: () => `the worker outlived the serving process:\n${output}`,
    });
  }, 180_000);
});
