/**
 * What everyone else feels while one person imports a 50,000-event calendar on the embedded default: the
 * compiled server with both roles, as `npm start` runs it (requests in one process, jobs in its child
 * process), on a PostgreSQL on the same machine. A second person's requests (`/api/v1/health` and a read of their week, each time for
 * another span so no cache answers it) are timed every 100 ms, first while the server is idle, then from the
 * upload until the import, its scoring and its auto-balance have finished.
 * Target: p99 < 250 ms for both during the import, printed beside the idle figures of the same run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSession } from '../apps/server/src/auth/sessions';
import { saveCalendarSource } from '../apps/server/src/calendars/sources';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { connectDatabase } from '../apps/server/src/db/client';
import { freePort, startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { calendars } from '../apps/server/src/db/schema';
import { runCalendarSync } from '../apps/server/src/features/calendars/sync/run-sync';
import { provisionUser } from '../apps/server/src/features/users/provision';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { createSecrets } from '../apps/server/src/lib/crypto';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';
import { icsOf } from './ics-fixture';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROBE_EVERY_MS = 100;
const IDLE_MS = 8_000;
const WARM_UP_MS = 3_000;
const IMPORT_TIMEOUT_MS = 300_000;
export const ISOLATION_TARGET_P99_MS = 250;

type Latencies = { health: number[]; week: number[]; errors: number };

export type IsolationResult = {
  idle: { health: Summary; week: Summary };
  importing: { health: Summary; week: Summary };
  errors: number;
  importMs: number;
  meetings: number;
};
type Summary = { p50: number; p99: number; max: number; count: number };

function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN, count: sorted.length };
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Probes every PROBE_EVERY_MS until `stop` resolves; each probe is timed on its own (they may overlap). */
async function probe(base: string, token: string, stop: Promise<unknown>): Promise<Latencies> {
  const latencies: Latencies = { health: [], week: [], errors: 0 };
  const pending: Promise<void>[] = [];
  let done = false;
  void stop.finally(() => {
    done = true;
  });
  const weekStart = Date.UTC(2026, 10, 23);
  let shift = 0;
  const timed = async (list: number[], url: string, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) latencies.errors++;
    } catch {
      latencies.errors++;
    }
    list.push(performance.now() - t0);
  };
  while (!done) {
    // Another span each time (a minute later), so the per-process week cache never answers.
    const from = new Date(weekStart + (shift++ % 10_000) * 60_000).toISOString();
    const to = new Date(weekStart + 7 * 86_400_000 + (shift % 10_000) * 60_000).toISOString();
    pending.push(
      timed(latencies.health, `${base}/api/v1/health`),
      timed(latencies.week, `${base}/api/v1/meetings?by_period[starts_at]=${from}&by_period[ends_at]=${to}`, {
        authorization: `Bearer ${token}`,
      }),
    );
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  await Promise.all(pending);
  return latencies;
}

export async function measureImportIsolation(events = 50_000): Promise<IsolationResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-bench-isolation-'));
  await fs.chmod(dataDir, 0o755);
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'bench', persistent: false });
  let server: ChildProcess | null = null;
  try {
    const db = connectDatabase(database.url, { max: 4 });
    await runMigrations(db);
    // The job queue's own tables, as the server's start creates them: a sync's end reads them.
    await (await createJobQueue(db.pool)).close();
    const now = new Date();
    const importer = await provisionUser(
      db.db,
      { email: 'importer@big.example', firstName: 'Importer', timeZone: 'Europe/Paris' },
      now,
    );
    const reader = await provisionUser(
      db.db,
      { email: 'reader@other.example', firstName: 'Reader', timeZone: 'UTC' },
      now,
    );
    // The reader's own calendar (an imported file): a busy fortnight around the probed week.
    const readerEvents = Array.from({ length: 420 }, (_, e) => {
      const start =
        Date.parse('2026-11-16T08:00:00Z') + (e % 14) * 86_400_000 + Math.floor(e / 14) * 20 * 60_000;
      const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
      return [
        'BEGIN:VEVENT',
        `UID:r${e}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(start + 30 * 60_000)}`,
        `SUMMARY:Meeting ${e}`,
        'ORGANIZER:mailto:boss@other.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:reader@other.example',
        'END:VEVENT',
      ].join('\r\n');
    });
    const readerIcs = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n${readerEvents.join('\r\n')}\r\nEND:VCALENDAR\r\n`;
    const [readerCalendar] = await db.db
      .insert(calendars)
      .values({
        userId: reader.id,
        provider: 'ics',
        externalId: 'import:reader',
        name: 'Reader',
        watching: true,
      })
      .returning();
    await saveCalendarSource(db.pool, readerCalendar!.id, Buffer.from(readerIcs), now);
    await runCalendarSync(
      {
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
        }),
        db: db.db,
        pool: db.pool,
        secrets: createSecrets('bench-secret-key-that-is-long-enough-0123456789'),
        pubsub: { publish: async () => {} } as unknown as AppContext['pubsub'],
        jobs: { enqueue: async () => {}, cancel: async () => {} } as unknown as AppContext['jobs'],
        now: () => now,
      },
      { calendarId: readerCalendar!.id, mode: 'full' },
    );
    const { token: importerToken } = await createSession(db.db, importer.id);
    const { token: readerToken } = await createSession(db.db, reader.id);
    await db.close();

    execFileSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], { stdio: 'ignore' });
    const port = await freePort();
    const extraNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    server = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, ...extraNodeArgs, path.join(root, 'apps/server/dist/main.js')],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
          RATE_LIMIT_PER_MINUTE: '100000000',
        },
        stdio: ['ignore', process.env.BENCH_SERVER_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
      },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/v1/health`, server);

    // A freshly started server compiles its code and opens its connections on its first requests: warmed up
    // first, so the idle figures are the idle server's, not its start's.
    await probe(base, readerToken, new Promise((r) => setTimeout(r, WARM_UP_MS)));
    let stopIdle!: () => void;
    const idleDone = new Promise<void>((resolve) => {
      stopIdle = resolve;
    });
    const idleProbe = probe(base, readerToken, idleDone);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    stopIdle();
    const idle = await idleProbe;

    const content = icsOf(events, 'importer@big.example');
    const started = performance.now();
    const finished = (async () => {
      // Sent as the web app sends a file: as it is.
      const answer = await fetch(`${base}/api/v1/calendars/ics/file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${importerToken}`, 'content-type': 'text/calendar' },
        body: content,
      });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
      // Done when no job is left (sync, re-evaluation, auto-balance, report warm-up) and the calendar is idle.
      const check = connectDatabase(database.url, { max: 1 });
      try {
        for (;;) {
          if (performance.now() - started > IMPORT_TIMEOUT_MS) {
            const left = await check.pool.query(
              `select task_identifier, attempts, max_attempts, run_at, locked_at, left(last_error, 300) as last_error
                 from graphile_worker.jobs where task_identifier in ('sync_calendar', 'reevaluate_user', 'autobalance_user')`,
            );
            const states = await check.pool.query('select name, sync_status, sync_error from calendars');
            throw new Error(
              `the import did not finish: ${JSON.stringify(left.rows)} ${JSON.stringify(states.rows)}`,
            );
          }
          // Asked 4 times a second beside the measured requests, so it asks only whether any meeting is
          // stored: counting 50,000 rows each time was a load of its own on the measured database.
          const { rows } = await check.pool.query<{ jobs: number; busy: number; stored: boolean }>(
            // Mails the import's decisions queued keep going out after: they are not the import.
            `select (select count(*) from graphile_worker.jobs where run_at <= now() + interval '10 seconds'
                       and attempts < max_attempts
                       and task_identifier in ('sync_calendar', 'reevaluate_user', 'autobalance_user'))::int as jobs,
                    (select count(*) from calendars where sync_status in ('queued', 'running'))::int as busy,
                    exists (select 1 from meetings where user_id = $1) as stored`,
            [importer.id],
          );
          if (rows[0]!.jobs === 0 && rows[0]!.busy === 0 && rows[0]!.stored) {
            const counted = await check.pool.query<{ meetings: number }>(
              'select count(*)::int as meetings from meetings where user_id = $1',
              [importer.id],
            );
            return counted.rows[0]!.meetings;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        await check.close();
      }
    })();
    const importing = await probe(
      base,
      readerToken,
      finished.catch(() => 0),
    );
    const meetings = await finished;
    const importMs = performance.now() - started;
    return {
      idle: { health: summarize(idle.health), week: summarize(idle.week) },
      importing: { health: summarize(importing.health), week: summarize(importing.week) },
      errors: idle.errors + importing.errors,
      importMs,
      meetings,
    };
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((r) => server?.once('exit', r));
    await database.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints the figures; returns whether the target holds. */
export function reportIsolation(result: IsolationResult): boolean {
  const line = (name: string, during: Summary, idle: Summary) => {
    const pass = during.p99 < ISOLATION_TARGET_P99_MS;
    console.log(
      `${name.padEnd(44)} ${during.p99.toFixed(0).padStart(8)} ms        target < ${ISOLATION_TARGET_P99_MS} ms     ${pass ? 'PASS' : 'FAIL'}  (p50 ${during.p50.toFixed(0)}, max ${during.max.toFixed(0)} ms over ${during.count}; idle p50 ${idle.p50.toFixed(0)}, p99 ${idle.p99.toFixed(0)} ms)`,
    );
    return pass;
  };
  console.log(
    `another person's requests while ${result.meetings.toLocaleString('en-US')} events were imported, scored and auto-balanced (${(result.importMs / 1000).toFixed(1)} s):`,
  );
  const health = line('  /api/v1/health p99 during the import', result.importing.health, result.idle.health);
  const week = line('  their week (uncached) p99 during the import', result.importing.week, result.idle.week);
  const clean = result.errors === 0;
  console.log(
    `${'  failed requests'.padEnd(44)} ${String(result.errors).padStart(8)}           target 0          ${clean ? 'PASS' : 'FAIL'}`,
  );
  return health && week && clean;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  measureImportIsolation(Number(process.argv[2] ?? 50_000)).then(
    (result) => process.exit(reportIsolation(result) ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
