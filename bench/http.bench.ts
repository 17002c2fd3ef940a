/**
 * HTTP speed of the real server (compiled, `node apps/server/dist/main.js serve`) on a seeded 500-person
 * database, measured with autocannon (50 connections, 10 s) beside a bare Fastify route in the same run.
 *
 * Targets: the week of meetings ≥ 1,500 req/s, p99 < 50 ms and ≥ 20 % of the bare route; a report read
 * ≥ 500 req/s; zero errors. Also printed: the server's startup time and idle memory (targets < 1.5 s and
 * < 150 MB). A missed target makes the process exit non-zero.
 * Run: npx tsx bench/http.bench.ts   (about 2 minutes; not part of npm test)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions';
import { connectDatabase } from '../apps/server/src/db/client';
import { freePort, startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MEMBERS = 500;
const EVENTS = 100_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

let failed = false;
function line(name: string, value: number, unit: string, target: string, pass: boolean | null) {
  if (pass === false) failed = true;
  const verdict = pass === null ? 'info' : pass ? 'PASS' : 'FAIL';
  console.log(
    `${name.padEnd(44)} ${value.toFixed(1).padStart(9)} ${unit.padEnd(6)} target ${target.padEnd(10)} ${verdict}`,
  );
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rssMb(pid: number) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function load(url: string, headers: Record<string, string> = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-bench-http-'));
await fs.chmod(dataDir, 0o755);
const database = await startEmbeddedDatabase({ dataDir, databaseName: 'bench', persistent: false });
const children: ChildProcess[] = [];
try {
  const db = connectDatabase(database.url, { max: 4 });
  await runMigrations(db);
  const started = performance.now();
  const company = await db.db.execute<{ id: string }>(sql`
    insert into companies (name, domain, license_by) values ('Bench Co', 'bench.example', 'domain') returning id`);
  const companyId = company.rows[0]!.id;
  await db.db.execute(sql`
    insert into users (email, first_name, last_name, domain, time_zone, company_id, affiliate_token, onboarded)
    select 'member' || i || '@bench.example', 'Member', i::text, 'bench.example', 'UTC', ${companyId}, 'aff-' || i, true
    from generate_series(0, ${MEMBERS - 1}::int) i`);
  await db.db.execute(sql`
    insert into memberships (company_id, user_id) select ${companyId}, id from users where company_id = ${companyId}`);
  await db.db.execute(sql`
    insert into calendars (user_id, provider, external_id, name, watching, synced_from, synced_to, last_full_sync_at)
    select id, 'ics', 'bench', 'Bench', true, now() - interval '400 days', now() + interval '90 days', now()
    from users where company_id = ${companyId}`);
  // Events spread over the last year and the next quarter, each in the calendars of 1 to 3 members.
  await db.db.execute(sql`
    insert into meetings (user_id, company_id, calendar_id, provider_event_id, event_key, summary, description,
                          starts_at, ends_at, status, organizer_email, response_status, attendees_count, score,
                          quality_label, evaluation, duration_seconds)
    select c.user_id, ${companyId}, c.id, 'e' || e || '-' || k, 'event-' || e, 'Meeting ' || e,
           'Agenda:\n- item one\n- item two', s, s + interval '45 minutes', 'confirmed',
           'member' || (e % ${MEMBERS}) || '@bench.example', 'accepted', 2 + e % 6, (e * 37) % 101, 'medium',
           '{"results":{},"details_positive":["Has an agenda"],"details_negative":[],"details_maybe":[]}'::json, 2700
    from generate_series(0, ${EVENTS - 1}::int) e
    cross join lateral (select date_trunc('hour', now()) - interval '400 days'
                               + ((e::bigint * 490 * 86400) / ${EVENTS}) * interval '1 second' as s) t
    cross join lateral generate_series(0, e % 3) k
    join calendars c on c.user_id = (select id from users where email = 'member' || ((e + k * 37) % ${MEMBERS}) || '@bench.example')`);
  await db.db.execute(sql`analyze`);
  const [member] = (
    await db.db.execute<{ id: string }>(sql`select id from users where email = 'member0@bench.example'`)
  ).rows;
  const { token } = await createSession(db.db, member!.id);
  const rows = await db.db.execute<{ n: string }>(sql`select count(*) as n from meetings`);
  console.log(
    `seeded ${MEMBERS} members and ${Number(rows.rows[0]!.n).toLocaleString()} meeting rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.close();

  // The bare baseline: one Fastify route answering a small JSON document, in a process of its own.
  const barePort = await freePort();
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `const f=require('fastify')();f.get('/',async()=>({data:{type:'health',id:'1',attributes:{status:'ok'}}}));f.listen({port:${barePort},host:'127.0.0.1'})`,
    ],
    { cwd: path.join(root, 'apps/server'), stdio: 'ignore' },
  );
  children.push(bare);
  await waitForHealth(`http://127.0.0.1:${barePort}/`, bare);

  execFileSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], { stdio: 'ignore' });
  /** The compiled server in a process of its own; resolves once it answers /health. */
  const startServer = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    const server = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js'), 'serve'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '100000000',
          ...env,
        },
        stdio: 'ignore',
      },
    );
    children.push(server);
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(`${url}/api/v1/health`, server);
    return { server, base: url };
  };
  const bootStarted = performance.now();
  const { server, base } = await startServer();
  const bootMs = performance.now() - bootStarted;
  await new Promise((r) => setTimeout(r, 1000));
  const idleMb = await rssMb(server.pid!);
  line('server startup (spawn → healthy)', bootMs, 'ms', '< 1500', bootMs < 1500);
  line('server idle memory (RSS)', idleMb, 'MB', '< 150', idleMb < 150);

  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const now = new Date();
  const weekStart = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - now.getUTCDay()),
  );
  const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
  const weekUrl = `${base}/api/v1/meetings?by_period[starts_at]=${weekStart.toISOString()}&by_period[ends_at]=${weekEnd.toISOString()}`;
  const weekAnswer = await fetch(weekUrl, { headers: auth });
  const week = (await weekAnswer.json()) as { data: unknown[] };
  console.log(`the week holds ${week.data.length} meetings of member0 (status ${weekAnswer.status})`);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  const reportUrl = `${base}/api/v1/reports/averages?start=${month}&end=${monthEnd}&who=team`;
  // The month's roll-ups built, as the warm-up job would (no worker runs here): each read builds what fits in
  // its budget (meta.partial until all is built), so a slow machine needs a few. Loading a half-built month
  // would time the building, not the read.
  for (const started = Date.now(); ; ) {
    const answer = (await (await fetch(reportUrl, { headers: auth })).json()) as {
      meta?: { partial?: boolean };
    };
    if (!answer.meta?.partial) break;
    if (Date.now() - started > 120_000)
      throw new Error("the team month's roll-ups were not built in 2 minutes");
  }

  const bareRun = await load(`http://127.0.0.1:${barePort}/`);
  const weekRun = await load(weekUrl, auth);
  const reportRun = await load(reportUrl, auth);
  const healthRun = await load(`${base}/api/v1/health`);
  // The same week with the per-process read caches off: what every first read (and every read after a
  // change) costs, from the database.
  server.kill('SIGTERM');
  const uncached = await startServer({ READ_CACHE: 'off' });
  const uncachedWeekRun = await load(weekUrl.replace(base, uncached.base), auth);

  line('bare Fastify route', bareRun.requests.average, 'req/s', 'baseline', null);
  line('GET /api/v1/health', healthRun.requests.average, 'req/s', 'info', null);
  line(
    'GET meetings (one week)',
    weekRun.requests.average,
    'req/s',
    '≥ 1500',
    weekRun.requests.average >= 1500,
  );
  line('GET meetings (one week) p99', weekRun.latency.p99, 'ms', '< 50', weekRun.latency.p99 < 50);
  line('GET meetings (one week), caches off', uncachedWeekRun.requests.average, 'req/s', 'info', null);
  line('GET meetings (one week), caches off p99', uncachedWeekRun.latency.p99, 'ms', 'info', null);
  const ratio = (100 * weekRun.requests.average) / bareRun.requests.average;
  line('GET meetings ÷ bare route', ratio, '%', '≥ 20', ratio >= 20);
  line(
    'GET report (team month)',
    reportRun.requests.average,
    'req/s',
    '≥ 500',
    reportRun.requests.average >= 500,
  );
  const errors = [weekRun, reportRun, healthRun, uncachedWeekRun].reduce(
    (n, r) => n + r.errors + r.non2xx,
    0,
  );
  line('errors and non-2xx answers', errors, '', '0', errors === 0);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await database.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
console.log(failed ? '\nhttp bench: a target was missed' : '\nhttp bench: every target met');
process.exit(failed ? 1 : 0);
