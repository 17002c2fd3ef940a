import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const RADICALE = '/usr/bin/radicale';

export type RadicaleServer = { url: string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real Debian Radicale (htpasswd users with bcrypt, owner-only rights, storage in a temp dir) on a free port,
 * for the CalDAV driver tests. Install it with scripts/ensure-test-deps.sh.
 */
export async function startRadicale(users: Record<string, string>): Promise<RadicaleServer> {
  if (!fs.existsSync(RADICALE)) {
    throw new Error(
      `${RADICALE} is missing: run scripts/ensure-test-deps.sh (apt-get install radicale apache2-utils)`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meetwell-radicale-'));
  const htpasswd = path.join(dir, 'users');
  for (const [index, [user, password]] of Object.entries(users).entries()) {
    execFileSync('htpasswd', [...(index === 0 ? ['-c'] : []), '-B', '-b', htpasswd, user, password], {
      stdio: 'ignore',
    });
  }
  const port = await freePort();
  const config = path.join(dir, 'config');
  fs.writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = bcrypt',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(RADICALE, ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${url}/.well-known/caldav`, { redirect: 'manual' });
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`radicale did not start: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
