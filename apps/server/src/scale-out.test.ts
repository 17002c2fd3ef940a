import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSession } from './auth/sessions';
import { freePort } from './db/embedded';
import { calendars, synchronizations } from './db/schema';
import { CABLE_PROTOCOL } from './realtime/cable';
import { createTestContext, type TestContext } from './test/context';
import { createUser } from './test/factories';

/**
 * The scaled deployment on one machine: two `serve` processes and two `work` processes of the real program on
 * one PostgreSQL. A change made through one API process reaches a socket client of the other; syncs asked for
 * through both at once never run twice at the same time.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const processes: { role: string; child: ChildProcess; output: () => string }[] = [];
let ctx: TestContext;
let token: string;
let userId: string;
const ports: number[] = [];

function start(role: 'serve' | 'work', port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
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
      ALLOW_PRIVATE_CALENDAR_HOSTS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  processes.push({ role, child, output: () => output });
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what} timed out:\n${processes.map((p) => `[${p.role}] ${p.output()}`).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const api = (port: number, url: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/vnd.api+json',
      ...(init.headers ?? {}),
    },
  });

const ics = (count: number) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MeetWell test//EN',
    ...Array.from({ length: count }, (_, i) => {
      const day = new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
      return [
        'BEGIN:VEVENT',
        `UID:scale-${i}@example.com`,
        `DTSTAMP:${day}T080000Z`,
        `DTSTART:${day}T100000Z`,
        `DTEND:${day}T110000Z`,
        `SUMMARY:Meeting ${i}`,
        'ORGANIZER:mailto:boss@example.com',
        'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:someone@example.com',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.com',
        'END:VEVENT',
      ].join('\r\n');
    }),
    'END:VCALENDAR',
  ].join('\r\n');

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx);
  userId = user.id;
  token = (await createSession(ctx.db, user.id)).token;
  ports.push(await freePort(), await freePort());
  start('serve', ports[0]!);
  start('serve', ports[1]!);
  start('work', 0);
  start('work', 0);
  for (const port of ports) {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok, 90_000, 'health');
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.on('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await ctx?.close();
});

describe('two API processes and two workers on one PostgreSQL', () => {
  it('brings a change made through one API process to a socket of the other', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${ports[1]}/cable`, [CABLE_PROTOCOL], {
      headers: { authorization: `Bearer ${token}` },
    });
    const frames: { type?: string; message?: { type?: string } }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(
      JSON.stringify({
        command: 'subscribe',
        identifier: JSON.stringify({ channel: 'MeetingRefreshChannel' }),
      }),
    );
    await waitFor(async () => frames.some((f) => f.type === 'confirm_subscription'), 10_000, 'subscription');

    const created = await api(ports[0]!, '/api/v1/calendars/ics', {
      method: 'POST',
      body: JSON.stringify({ data: { type: 'calendars', attributes: { name: 'Scale', content: ics(30) } } }),
    });
    expect(created.status).toBe(201);
    // The sync ran on a worker process; its message went out through PostgreSQL to the other API process.
    await waitFor(
      async () => frames.some((f) => f.message?.type === 'sync_finished'),
      60_000,
      'sync message',
    );
    socket.close();
  }, 90_000);

  it('never runs one calendar sync twice at the same time, however many are asked for', async () => {
    const asks = Array.from({ length: 20 }, (_, i) =>
      api(ports[i % 2]!, '/api/v1/meetings/sync?confirmed=true').then((r) => r.status),
    );
    expect((await Promise.all(asks)).every((status) => status === 200)).toBe(true);
    const [calendar] = await ctx.db.select().from(calendars).where(eq(calendars.userId, userId));
    // Finished: the calendar idle with no run left open. The status alone can read idle between two runs (one
    // ended, the next just taken by the other worker), before the last has finished.
    await waitFor(
      async () => {
        const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar!.id));
        const open = await ctx.db
          .select({ id: synchronizations.id })
          .from(synchronizations)
          .where(and(eq(synchronizations.calendarId, calendar!.id), isNull(synchronizations.finishedAt)));
        return row?.syncStatus === 'idle' && open.length === 0;
      },
      60_000,
      'syncs to finish',
    );
    const runs = await ctx.db
      .select({ startedAt: synchronizations.startedAt, finishedAt: synchronizations.finishedAt })
      .from(synchronizations)
      .where(eq(synchronizations.calendarId, calendar!.id))
      .orderBy(synchronizations.startedAt);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const [i, run] of runs.entries()) {
      expect(run.finishedAt).not.toBeNull();
      const next = runs[i + 1];
      if (next) expect(next.startedAt.getTime()).toBeGreaterThanOrEqual(run.finishedAt!.getTime());
    }
    const { rows } = await ctx.pool.query<{ n: string }>(
      `select count(*) as n from meetings where calendar_id = $1`,
      [calendar!.id],
    );
    expect(Number(rows[0]!.n)).toBe(30);
  }, 90_000);
});
