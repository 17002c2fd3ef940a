import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../test/processes';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded';

const holder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/hold-embedded-database.ts');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-embedded-'));
  await fs.chmod(dir, 0o755);
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function query(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one;
  } finally {
    await client.end();
  }
}

/** Runs the stand-in server process (its own process group, like a terminal's foreground job). */
async function startHolder(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', holder, dataDir], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const started = await waitFor(() => {
    const line = output.split('\n').find((l) => l.startsWith('{'));
    return line ? (JSON.parse(line) as { pid: number; url: string }) : null;
  }, 60_000);
  return { child, started, output: () => output };
}

async function waitFor<T>(probe: () => T | null | Promise<T | null>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', () => resolve())));

describe('the embedded PostgreSQL', () => {
  it('starts after a server killed with -9 left its database running, and stops the old one', async () => {
    const dataDir = await tempDir();
    const { child, started } = await startHolder(dataDir);
    child.kill('SIGKILL');
    await exited(child);
    // The orphan still runs: this is what made the next start fail.
    expect(isProcessAlive(started.pid)).toBe(true);

    const database = await startEmbeddedDatabase({ dataDir, databaseName: 'held' });
    cleanups.push(() => database.stop());
    expect(await query(database.url)).toBe(1);
    expect(isProcessAlive(started.pid)).toBe(false);
    expect(database.pid()).not.toBe(started.pid);
  }, 120_000);

  it('is not stopped by a Ctrl-C to the process group before the server has drained its work', async () => {
    const dataDir = await tempDir();
    const { child, started, output } = await startHolder(dataDir);
    // A terminal sends SIGINT to the whole foreground process group.
    process.kill(-child.pid!, 'SIGINT');
    await exited(child);
    expect(output()).toContain('drained:ok');
    // …and the server then stopped it, last.
    await waitFor(() => !isProcessAlive(started.pid), 10_000);
  }, 120_000);

  it('is started again when it dies, and the same URL works again', async () => {
    const dataDir = await tempDir();
    const database: EmbeddedDatabase = await startEmbeddedDatabase({ dataDir, databaseName: 'held' });
    cleanups.push(() => database.stop());
    const first = database.pid()!;
    process.kill(first, 'SIGKILL');
    await waitFor(() => !isProcessAlive(first), 10_000);
    const answer = await waitFor(() => query(database.url).catch(() => null), 60_000);
    expect(answer).toBe(1);
    expect(database.pid()).not.toBe(first);
  }, 120_000);

  it('says whether its database was made on this start, which a restart on the same folder was not', async () => {
    const dataDir = await tempDir();
    const first = await startEmbeddedDatabase({ dataDir, databaseName: 'kept' });
    expect(first.created).toBe(true);
    await first.stop();

    const again = await startEmbeddedDatabase({ dataDir, databaseName: 'kept' });
    expect(again.created).toBe(false);
    expect(await query(again.url)).toBe(1);
    await again.stop();

    // Another database on the same folder is made on the start that first asks for it.
    const other = await startEmbeddedDatabase({ dataDir, databaseName: 'other' });
    cleanups.push(() => other.stop());
    expect(other.created).toBe(true);
  }, 120_000);
});
