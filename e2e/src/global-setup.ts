import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's output, as written so far (where it logs sign-in links, having no mail server). */
    serverLog: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/** Starts the product as `npm start` does (production build, embedded PostgreSQL) on a fresh data folder. */
export default async function setup(project: TestProject) {
  const indexHtml = path.join(root, 'apps/web/dist/index.html');
  await fs.access(indexHtml).catch(() => {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-e2e-'));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  // The server as production runs it: compiled by its build script (a fraction of a second), then plain node.
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // Every journey tries the demo from this one address (a demo team each): more than a visitor's hourly share.
      DEMO_PER_IP_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const serverLog = path.join(dataDir, 'server.log');
  const logFile = createWriteStream(serverLog);
  server.stdout?.pipe(logFile, { end: false });
  server.stderr?.pipe(logFile, { end: false });
  await waitForHealth(baseUrl, server, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        resolve(null);
      }, 15_000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
