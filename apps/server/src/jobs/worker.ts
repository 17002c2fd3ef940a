import { EventEmitter } from 'node:events';
import {
  type JobHelpers as GraphileHelpers,
  makeWorkerUtils,
  run,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type { AppContext } from '../context';
import { buildCrontab } from './crontab';
import { type AnyJob, InvalidJobPayloadError, type JobHelpers } from './define';
import { JobFailedError } from './job-error';
import { createJobLogger } from './logger';
import { clearOwnedFailure, recordOwnedFailure } from './owned-failures';
import { guardPoolClients } from './pool-guard';
import { beat, forgetWorkers, HEARTBEAT_MS, recoverDeadWorkers } from './recovery';
import { type JobRegistry, jobs as registeredJobs } from './registry';

export type WorkerOptions = {
  /** Jobs run at once in this process. */
  concurrency: number;
  /**
   * The crontab (graphile-worker format, UTC). Default: the schedules the registered jobs declare.
   * `false` runs no recurring jobs.
   */
  crontab?: string | false;
  /** How often to look for jobs whose time came (new jobs are picked up at once via LISTEN). Default 2000 ms. */
  pollInterval?: number;
  /** The jobs this worker runs (default: the registry). Tests pass their own. */
  registry?: JobRegistry;
  /** How often this process beats for its workers and frees dead workers' jobs (default HEARTBEAT_MS). */
  heartbeatInterval?: number;
  /** A lock this old whose locker has not beaten for as long is a dead worker's (default DEAD_AFTER_MS). */
  deadAfter?: number;
};

export type RunningWorker = {
  /** Stops taking jobs and waits for the running ones (aborting them after a grace period). */
  stop(): Promise<void>;
  /** graphile-worker's events (job:success, job:error, job:failed, …) for observability and tests. */
  events: WorkerEvents;
};

function splitCron(raw: unknown): { payload: unknown; cron?: JobHelpers['cron'] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('_cron' in raw)) return { payload: raw };
  const { _cron, ...payload } = raw as { _cron?: { ts?: unknown; backfilled?: unknown } };
  return {
    payload,
    cron: { ts: String(_cron?.ts ?? ''), backfilled: Boolean(_cron?.backfilled) },
  };
}

function toTask(job: AnyJob, ctx: AppContext) {
  return async (raw: unknown, helpers: GraphileHelpers) => {
    const { payload, cron } = splitCron(raw);
    const parsed = job.payload.safeParse(payload);
    // Thrown, so the job is retried with backoff: a deploy that fixes the schema or the producer can still save it.
    if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error, 'run');
    const jobHelpers: JobHelpers = {
      ctx,
      attempt: helpers.job.attempts,
      maxAttempts: helpers.job.max_attempts,
      jobId: helpers.job.id,
      logger: helpers.logger,
      abortSignal: helpers.abortSignal,
    };
    if (helpers.job.key) jobHelpers.jobKey = helpers.job.key;
    if (cron) jobHelpers.cron = cron;
    const owner = job.owner?.(parsed.data);
    try {
      await job.run(parsed.data, jobHelpers);
    } catch (error) {
      // Bounded and naming the cause: graphile-worker writes the message into the log and last_error.
      const failure = new JobFailedError(error);
      if (owner && helpers.job.attempts >= helpers.job.max_attempts) {
        await recordOwnedFailure(ctx, {
          userId: owner,
          job: job.name,
          payload,
          jobKey: helpers.job.key ?? undefined,
          message: failure.message,
        }).catch(() => {
          // The database is what failed: the job's own failure is still logged and kept by graphile-worker.
        });
      }
      throw failure;
    }
    if (owner) await clearOwnedFailure(ctx, owner, job.name);
  };
}

function buildTaskList(registry: JobRegistry, ctx: AppContext): TaskList {
  const taskList: TaskList = {};
  for (const job of Object.values(registry)) taskList[job.name] = toTask(job, ctx);
  return taskList;
}

/** Runs the registered jobs (and their crontab) in this process, on the app's pool. */
export async function startWorker(ctx: AppContext, options: WorkerOptions): Promise<RunningWorker> {
  const registry = options.registry ?? registeredJobs;
  const crontab = options.crontab === undefined ? buildCrontab(registry) : options.crontab;
  guardPoolClients(ctx.pool);
  // Listened to before run() starts its pool, so the id it locks jobs with is known for the heartbeats:
  // graphile-worker writes the pool's id into locked_by, not the ids of the workers inside it.
  const events: WorkerEvents = new EventEmitter();
  const lockerIds = new Set<string>();
  events.on('pool:create', ({ workerPool }) => {
    lockerIds.add(workerPool.id);
  });
  const runner = await run({
    events,
    pgPool: ctx.pool,
    taskList: buildTaskList(registry, ctx),
    ...(crontab ? { crontab } : {}),
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2_000,
    logger: createJobLogger(ctx.config.logLevel),
    // Batching (even with no delay) makes stop() wait until finished jobs are recorded as done or failed;
    // unbatched, those writes are fire-and-forget and can be lost when the pool closes right after.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  const utils = await makeWorkerUtils({ pgPool: ctx.pool, logger: createJobLogger(ctx.config.logLevel) });
  const logger = createJobLogger(ctx.config.logLevel);
  const keepAlive = async () => {
    try {
      await beat(ctx.pool, lockerIds);
      const freed = await recoverDeadWorkers(ctx.pool, utils, options.deadAfter);
      if (freed.length)
        logger.warn(`unlocked the jobs of ${freed.length} dead worker(s): ${freed.join(', ')}`);
    } catch {
      // The database is away: the next beat tries again.
    }
  };
  await keepAlive();
  const timer = setInterval(() => void keepAlive(), options.heartbeatInterval ?? HEARTBEAT_MS);
  timer.unref();
  let stopped: Promise<void> | null = null;
  return {
    events: runner.events,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await runner.stop();
        await forgetWorkers(ctx.pool, lockerIds).catch(() => {});
        await utils.release();
      })();
      return stopped;
    },
  };
}
