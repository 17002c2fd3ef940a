import { type AddJobsJobSpec, makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import { InvalidJobPayloadError } from './define';
import { createJobLogger } from './logger';
import { guardPoolClients } from './pool-guard';
import { type JobRegistry, type Jobs, type PayloadOf, jobs as registeredJobs } from './registry';

type EnqueueOptions = {
  /**
   * Identifies a pending job so it can be replaced or cancelled: enqueueing again with the same key updates
   * the waiting job instead of adding one (see `jobKeyMode`).
   */
  jobKey?: string;
  /**
   * With a jobKey — 'replace' (default): update payload, run time and options; 'preserve_run_at': update all
   * but the run time; 'unsafe_dedupe': do nothing when a job with that key exists (even a running one).
   */
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  runAt?: Date;
  /** Overrides the job definition's maxAttempts. */
  maxAttempts?: number;
  /** Overrides the job definition's queueName. Jobs of one queue run one at a time, in order. */
  queueName?: string;
  /** Lower runs first (default 0). */
  priority?: number;
};

export interface JobQueue<R extends JobRegistry = Jobs> {
  /** Validates the payload against the job's schema, then stores the job (it runs once a worker picks it up). */
  enqueue<N extends keyof R & string>(
    name: N,
    payload: PayloadOf<N, R>,
    options?: EnqueueOptions,
  ): Promise<void>;
  /**
   * Many jobs in one statement per thousand (a first decision over a big calendar queues thousands): each is
   * validated like `enqueue`; keyed jobs replace their waiting job ('replace' mode), and of one key given
   * twice the last wins.
   */
  enqueueMany(requests: readonly JobRequest<R>[]): Promise<void>;
  /** Removes the pending job with this key; a job already running finishes but is not retried. */
  cancel(jobKey: string): Promise<void>;
  /** `cancel` for many keys, in one statement per thousand. */
  cancelMany(jobKeys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** One job for `enqueueMany`. */
export type JobRequest<R extends JobRegistry = Jobs> = {
  [N in keyof R & string]: {
    name: N;
    payload: PayloadOf<N, R>;
    options?: Omit<EnqueueOptions, 'jobKeyMode'>;
  };
}[keyof R & string];

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
export async function createJobQueue<R extends JobRegistry = Jobs>(
  pool: pg.Pool,
  options: { registry?: R; logLevel?: string } = {},
): Promise<JobQueue<R>> {
  const registry = (options.registry ?? registeredJobs) as R;
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

  return {
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
}
