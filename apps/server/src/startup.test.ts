import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
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
