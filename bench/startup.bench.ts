/**
 * Startup on an existing data folder, as a restart of `npm start` does: the compiled server spawned until
 * /api/v1/health answers, beside the embedded PostgreSQL alone started on the same folder in the same run
 * (the part of a start no code of ours can shorten). Median of 5 of each, alternated.
 * Target: server ≤ 1.5× PostgreSQL alone; the absolute figures are printed for reference.
 * Run: npx tsx bench/startup.bench.ts
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 5;
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
      try {
        if ((await fetch(url)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await stopped(child);
  }
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
    for (let round = 0; round < ROUNDS; round++) {
      postgres.push(await postgresStart(dataDir));
      server.push(await serverStart(dataDir));
    }
    const serverMs = median(server);
    const postgresMs = median(postgres);
    const ratio = serverMs / postgresMs;
    const pass = ratio <= TIMES_POSTGRES;
    console.log(
      `${'embedded PostgreSQL alone (median)'.padEnd(44)} ${postgresMs.toFixed(0).padStart(6)} ms  baseline`,
    );
    console.log(
      `${'server startup, spawn → healthy (median)'.padEnd(44)} ${serverMs.toFixed(0).padStart(6)} ms  ${ratio.toFixed(2)}× PostgreSQL alone   target ≤ ${TIMES_POSTGRES}×   ${pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  rounds: server ${server.map((ms) => ms.toFixed(0)).join(', ')} ms; PostgreSQL ${postgres.map((ms) => ms.toFixed(0)).join(', ')} ms`,
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
