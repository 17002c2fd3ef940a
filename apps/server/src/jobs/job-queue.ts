import type { z } from 'zod';
import type { JobName, JobPayloadSchemas } from './payloads';

/**
 * The enqueueing side's types, on job names and payload schemas only (payloads.ts): the context holds a
 * `JobQueue` without depending on the job modules, which depend on the context (queue.ts builds one).
 */

/** Jobs by name, as far as enqueueing needs them: each one's payload schema. */
export type PayloadRegistry = Readonly<Record<string, { readonly payload: z.ZodType }>>;
/** The registered jobs' payloads (registry.ts holds jobs with exactly these schemas). */
export type RegisteredPayloads = { readonly [N in JobName]: { readonly payload: JobPayloadSchemas[N] } };
/** What `enqueue` accepts for a job (the schema's input). */
export type PayloadOf<N extends keyof R & string, R extends PayloadRegistry = RegisteredPayloads> = z.input<
  R[N]['payload']
>;

export type EnqueueOptions = {
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

export interface JobQueue<R extends PayloadRegistry = RegisteredPayloads> {
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
export type JobRequest<R extends PayloadRegistry = RegisteredPayloads> = {
  [N in keyof R & string]: {
    name: N;
    payload: PayloadOf<N, R>;
    options?: Omit<EnqueueOptions, 'jobKeyMode'>;
  };
}[keyof R & string];
