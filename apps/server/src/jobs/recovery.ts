import type { WorkerUtils } from 'graphile-worker';
import type pg from 'pg';

/**
 * graphile-worker frees the jobs of a worker that died only after four hours (its fixed lock expiry). We
 * shorten that with heartbeats: each live process refreshes, every `HEARTBEAT_MS`, the row in
 * worker_heartbeats of every id it locks jobs with; a job locked by an id whose row is older than
 * `DEAD_AFTER_MS` (or missing, for a lock that old) is unlocked through graphile-worker's own
 * `forceUnlockWorkers`, so another worker runs it again. Every job is idempotent or keyed (see the features'
 * READMEs), so running a half-done job again is safe.
 *
 * graphile-worker (0.17) writes its *worker pool's* id (`pool-…`) into `locked_by`, not the id of the worker
 * inside the pool that runs the job: the ids beaten for are the pools' (worker.ts listens to `pool:create`).
 */
export const HEARTBEAT_MS = 10_000;
export const DEAD_AFTER_MS = 60_000;

/** Times are the database's own (now()), like graphile-worker's locked_at, so machines' clocks never matter. */
export async function beat(pool: pg.Pool, workerIds: Iterable<string>) {
  const ids = [...workerIds];
  if (ids.length === 0) return;
  await pool.query(
    `insert into worker_heartbeats (worker_id, seen_at) select unnest($1::text[]), now()
     on conflict (worker_id) do update set seen_at = excluded.seen_at`,
    [ids],
  );
}

export async function forgetWorkers(pool: pg.Pool, workerIds: Iterable<string>) {
  const ids = [...workerIds];
  if (ids.length) await pool.query('delete from worker_heartbeats where worker_id = any($1::text[])', [ids]);
}

/** The lockers holding job locks older than `deadAfterMs` whose heartbeat is missing or stale. */
export async function findDeadWorkers(pool: pg.Pool, deadAfterMs = DEAD_AFTER_MS): Promise<string[]> {
  const { rows } = await pool.query<{ locked_by: string }>(
    `select distinct j.locked_by
       from graphile_worker._private_jobs j
       left join worker_heartbeats h on h.worker_id = j.locked_by
      where j.locked_by is not null
        and j.locked_at < now() - make_interval(secs => $1)
        and (h.seen_at is null or h.seen_at < now() - make_interval(secs => $1))`,
    [deadAfterMs / 1000],
  );
  return rows.map((r) => r.locked_by);
}

/** Unlocks the jobs of dead workers; returns their ids. Safe to run from every process at once. */
export async function recoverDeadWorkers(
  pool: pg.Pool,
  utils: Pick<WorkerUtils, 'forceUnlockWorkers'>,
  deadAfterMs = DEAD_AFTER_MS,
) {
  const dead = await findDeadWorkers(pool, deadAfterMs);
  if (dead.length) {
    await utils.forceUnlockWorkers(dead);
    await pool.query(
      `delete from worker_heartbeats where worker_id = any($1::text[]) or seen_at < now() - interval '1 day'`,
      [dead],
    );
  }
  return dead;
}
