/**
 * Startup on an existing data folder, as a restart of `npm start` does: the compiled server spawned until
 * /api/v1/health answers, beside the part of a start no code of ours can shorten, measured in the same run:
 * a bare Node process spawned until it runs (with the server's flags), plus the embedded PostgreSQL alone
 * started on the same folder. Median of 7 of each, alternated.
 * Target: server ≤ 1.5× that baseline; the absolute figures are printed for reference.
 * Run: npx tsx bench/startup.bench.ts
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 7;
const TIMES_POSTGRES = 1.5;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function stopped(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.kill('SIGTERM');
  });
}

/**
 * Asked every 2 ms with node:http, as a readiness probe would: the two baselines are timed to the event (the
 * first output, the ready line), so a coarser poll (fetch every 10 ms: about 8 ms on average, undici's own
 * start included) would be counted against the server alone.
 */
const POLL_MS = 2;

function answersOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

/** Spawns the compiled server on `dataDir`; resolves with the time until /health answered, once it stopped. */
async function serverStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/v1/health`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      if (await answersOk(url)) return performance.now() - started;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    await stopped(child);
  }
}

/** A bare Node process, as the server's is started: spawned until its first line of code runs. */
async function nodeStart(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '-e', "process.stdout.write('up')"], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('error', reject);
  });
  const ms = performance.now() - started;
  await stopped(child);
  return ms;
}

async function postgresStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await startEmbeddedDatabase({ dataDir, databaseName: 'meetwell', persistent: true });
  const ms = performance.now() - started;
  await database.stop();
  return ms;
}

async function main() {
  execFileSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], { stdio: 'pipe' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-bench-startup-'));
  await fs.chmod(dataDir, 0o755);
  try {
    // The first start creates the database and runs the migrations: not timed.
    const first = await serverStart(dataDir);
    console.log(`first start (a new data folder: initdb and migrations) ${first.toFixed(0)} ms`);
    const server: number[] = [];
    const postgres: number[] = [];
    const node: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      node.push(await nodeStart());
      postgres.push(await postgresStart(dataDir));
      server.push(await serverStart(dataDir));
    }
    const serverMs = median(server);
    const baselineMs = median(node) + median(postgres);
    const ratio = serverMs / baselineMs;
    const pass = ratio <= TIMES_POSTGRES;
    const line = (name: string, ms: number, rest: string) =>
      console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${rest}`);
    line('a bare Node process started (median)', median(node), '');
    line('embedded PostgreSQL alone (median)', median(postgres), '');
    line('Node + PostgreSQL', baselineMs, 'baseline');
    line(
      'server startup, spawn → healthy (median)',
      serverMs,
      `${ratio.toFixed(2)}× the baseline   target ≤ ${TIMES_POSTGRES}×   ${pass ? 'PASS' : 'FAIL'}`,
    );
    const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
    console.log(
      `  rounds: server ${list(server)} ms; Node ${list(node)} ms; PostgreSQL ${list(postgres)} ms`,
    );
    return pass;
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
