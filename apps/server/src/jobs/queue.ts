import { type AddJobsJobSpec, makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import { InvalidJobPayloadError } from './define';
import type { EnqueueOptions, JobQueue } from './job-queue';
import { createJobLogger } from './logger';
import { guardPoolClients } from './pool-guard';
import { type JobRegistry, jobs as registeredJobs } from './registry';

export type { EnqueueOptions, JobQueue, JobRequest } from './job-queue';

const BATCH = 1_000;

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No job named "${name}" in the registry`);
    this.name = 'UnknownJobError';
  }
}

/**
 * The enqueueing side of the job system, on the app's pool. Runs graphile-worker's migrations on creation, so
 * a `serve` process can enqueue before any worker ever started.
 */
export async function createJobQueue(pool: pg.Pool, options?: { logLevel?: string }): Promise<JobQueue>;
/** A queue of other jobs than the registry's (tests). */
export async function createJobQueue<R extends JobRegistry>(
  pool: pg.Pool,
  options: { registry: R; logLevel?: string },
): Promise<JobQueue<R>>;
export async function createJobQueue(
  pool: pg.Pool,
  options: { registry?: JobRegistry; logLevel?: string } = {},
): Promise<unknown> {
  const registry: JobRegistry = options.registry ?? registeredJobs;
  guardPoolClients(pool);
  const utils: WorkerUtils = await makeWorkerUtils({
    pgPool: pool,
    logger: createJobLogger(options.logLevel ?? 'warn'),
  });
  await utils.migrate();
  let closed = false;

  /** The stored payload and graphile-worker's spec of one job, validated as the worker will read it. */
  const specOf = (name: string, payload: unknown, enqueueOptions: EnqueueOptions) => {
    const job = registry[name];
    if (!job) throw new UnknownJobError(name);
    const parsed = job.payload.safeParse(payload);
    if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error, 'enqueue');
    // What is stored is what the worker will parse again; a schema that is not JSON-shaped fails here, not there.
    const stored: unknown = JSON.parse(JSON.stringify(parsed.data ?? null));
    const again = job.payload.safeParse(stored);
    if (!again.success) throw new InvalidJobPayloadError(name, again.error, 'enqueue');
    const spec: TaskSpec = {};
    const maxAttempts = enqueueOptions.maxAttempts ?? job.maxAttempts;
    const queueName = enqueueOptions.queueName ?? job.queueName;
    if (maxAttempts !== undefined) spec.maxAttempts = maxAttempts;
    if (queueName !== undefined) spec.queueName = queueName;
    if (enqueueOptions.runAt) spec.runAt = enqueueOptions.runAt;
    const priority = enqueueOptions.priority ?? job.priority;
    if (priority !== undefined) spec.priority = priority;
    return { stored, spec };
  };

  const queue: JobQueue<JobRegistry> = {
    async enqueue(name, payload, enqueueOptions = {}) {
      if (closed) throw new Error('The job queue is closed');
      const { stored, spec } = specOf(name, payload, enqueueOptions);
      if (enqueueOptions.jobKey !== undefined) {
        spec.jobKey = enqueueOptions.jobKey;
        spec.jobKeyMode = enqueueOptions.jobKeyMode ?? 'replace';
      }
      const identifier: string = name;
      await utils.addJob(identifier, stored, spec);
    },

    async enqueueMany(requests) {
      if (closed) throw new Error('The job queue is closed');
      // add_jobs cannot touch one key twice in a statement: the last request of a key wins, as in a loop.
      const byKey = new Map<string, number>();
      requests.forEach((request, index) => {
        if (request.options?.jobKey !== undefined) byKey.set(request.options.jobKey, index);
      });
      const specs = requests.flatMap((request, index) => {
        const key = request.options?.jobKey;
        if (key !== undefined && byKey.get(key) !== index) return [];
        const { stored, spec } = specOf(request.name, request.payload, request.options ?? {});
        const { jobKeyMode: _mode, ...rest } = spec;
        const one: AddJobsJobSpec = { identifier: request.name, payload: stored, ...rest };
        if (key !== undefined) one.jobKey = key;
        return [one];
      });
      for (let i = 0; i < specs.length; i += BATCH) await utils.addJobs(specs.slice(i, i + BATCH));
    },

    async cancel(jobKey) {
      if (closed) throw new Error('The job queue is closed');
      await utils.withPgClient((client) => client.query('select graphile_worker.remove_job($1)', [jobKey]));
    },

    async cancelMany(jobKeys) {
      if (closed) throw new Error('The job queue is closed');
      for (let i = 0; i < jobKeys.length; i += BATCH) {
        const keys = jobKeys.slice(i, i + BATCH);
        await utils.withPgClient((client) =>
          client.query('select graphile_worker.remove_job(k) from unnest($1::text[]) as k', [keys]),
        );
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      // Releases graphile-worker's own resources; the pool belongs to the caller and stays open.
      await utils.release();
    },
  };
  return queue;
}
