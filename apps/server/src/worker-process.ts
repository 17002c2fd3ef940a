import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import type pg from 'pg';

/**
 * The job worker of the single-machine mode, as a child process of the one that serves requests (same
 * program, role `work`): a job's CPU work — parsing, scoring and deciding tens of thousands of meetings —
 * then never holds the thread that answers everyone else. Measured with bench/import-isolation.ts: during a
 * 50,000-event import, another person's `/api/v1/health` p99 went from 0.8–2.9 s (one process) to ~70 ms.
 * It runs at a lower CPU priority, so requests come first when the cores are busy. It is started again when
 * it dies, and stops when its parent goes (the IPC channel closes).
 */
export type WorkerProcess = { stop(): Promise<void> };

/** Niceness of the worker process: requests first when the cores are busy. */
export const WORKER_NICENESS = 10;
const STOP_GRACE_MS = 14_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long before dying is restarted at once again (its failures are not a loop). */
const HEALTHY_AFTER_MS = 60_000;

export function startWorkerProcess(options: {
  /** The environment of the child: the parent's, with the database URL and data folder it resolved. */
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}): WorkerProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | null = null;

  const start = () => {
    const startedAt = Date.now();
    // The same node, flags and loader as this process (tsx in development), and the same entry point.
    const next = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'work'], {
      env: options.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = next;
    if (next.pid !== undefined) {
      try {
        os.setPriority(next.pid, WORKER_NICENESS);
      } catch {
        // Not allowed here (a container without the capability): the worker runs at the same priority.
      }
    }
    next.once('exit', (code, signal) => {
      if (child === next) child = null;
      if (stopping) return;
      failures = Date.now() - startedAt > HEALTHY_AFTER_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_RESTART_DELAY_MS, 1_000 * 2 ** (failures - 1));
      options.log(
        `the job worker stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay} ms`,
      );
      restartTimer = setTimeout(start, delay);
      restartTimer.unref();
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
        running.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The job worker's database sessions on a PostgreSQL of this machine (the embedded one) run at the worker's
 * lower CPU priority too: a big import's COPY and scoring queries then leave the cores to the sessions
 * answering requests first. Where the operating system does not allow it (another user's server without
 * the capability), they keep their priority.
 */
export function lowerDatabasePriority(pool: pg.Pool, databaseUrl: string, niceness = WORKER_NICENESS) {
  let host: string;
  try {
    host = new URL(databaseUrl).hostname;
  } catch {
    return;
  }
  if (!LOOPBACK_HOSTS.has(host)) return;
  // The session's process id came with the connection (pg's `processID`): asking for it with a query would
  // still be running when the pool hands the client over, and graphile-worker's LISTEN would queue behind it
  // (a use of the client pg deprecates, and pg 9 refuses).
  pool.on('connect', (client) => {
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    if (!pid) return;
    try {
      os.setPriority(pid, niceness);
    } catch {
      // Not permitted, or the session already went: it runs at its usual priority.
    }
  });
}
