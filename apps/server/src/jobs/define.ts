import type { Logger } from 'graphile-worker';
import type { z } from 'zod';
// Type-only: job files are imported by the registry, which the context's JobQueue type refers to.
import type { AppContext } from '../context';

type JobLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

/** What a job's `run` receives besides its payload. */
export type JobHelpers = {
  ctx: AppContext;
  /** The job key it was enqueued with, if any. */
  jobKey?: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  maxAttempts: number;
  jobId: string;
  logger: JobLogger;
  /** Aborted when the worker shuts down; long jobs should stop (and will be retried). */
  abortSignal: AbortSignal;
  /** Set when the crontab scheduled this run: the scheduled time, and whether it is a backfill. */
  cron?: { ts: string; backfilled: boolean };
};

/** A recurring schedule, written into the worker's crontab. */
type JobCron<Input> = {
  /** Five crontab fields in UTC, e.g. '30 3 * * *' for 03:30 every day. */
  schedule: string;
  /** Backfill missed runs this far back when a worker starts, e.g. '1d' or '6h' (default: none). */
  backfill?: string;
  /** Payload of the scheduled runs (default `{}`). */
  payload?: Input;
};

export type JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> = {
  readonly name: Name;
  /** Checked when the job is enqueued and again when it runs. Keep it JSON-shaped (ISO strings, not Dates). */
  readonly payload: Schema;
  /** Runs before giving up; failures are retried with exponential backoff (e^attempt seconds, capped at ~6 h). */
  readonly maxAttempts?: number;
  /** Jobs with the same queue name run one at a time, in order. Use a few fixed names, never ids. */
  readonly queueName?: string;
  /**
   * Lower runs first when more jobs are due than workers are free (default 0; an enqueue may override it).
   * Background mail is 1 and bulk mail 10, so a flood of them never holds up syncs and decisions.
   */
  readonly priority?: number;
  readonly cron?: JobCron<z.input<Schema>>;
  /**
   * The person whose work this job does. When it fails for good they are told (job_failures, shown where
   * the job's work shows, with a way to try again); its next success clears that.
   */
  owner?(payload: z.output<Schema>): string;
  // Method syntax on purpose: it keeps definitions with specific payloads assignable to `AnyJob`.
  run(payload: z.output<Schema>, helpers: JobHelpers): Promise<void>;
};

/** Any job definition (its `run` is a method, so specific payload types stay assignable to this). */
export type AnyJob = JobDefinition<string, z.ZodType>;

const JOB_NAME = /^[a-z][a-z0-9_]{0,99}$/;

/**
 * Declares a job: its name (snake_case, unique), its zod payload, retries, optional cron, and what it does.
 * Put each job in its own file and add one line for it to `jobs` in registry.ts.
 */
export function defineJob<const Name extends string, Schema extends z.ZodType>(
  definition: JobDefinition<Name, Schema>,
): JobDefinition<Name, Schema> {
  if (!JOB_NAME.test(definition.name)) {
    throw new Error(`Job name "${definition.name}" must be snake_case (a-z, 0-9, _), starting with a letter`);
  }
  if (
    definition.maxAttempts !== undefined &&
    (!Number.isInteger(definition.maxAttempts) || definition.maxAttempts < 1)
  ) {
    throw new Error(`Job "${definition.name}": maxAttempts must be a positive integer`);
  }
  return definition;
}

export class InvalidJobPayloadError extends Error {
  readonly job: string;
  readonly issues: z.core.$ZodIssue[];
  constructor(job: string, error: z.ZodError, when: 'enqueue' | 'run') {
    const detail = error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
    super(`Invalid payload for job "${job}" at ${when}: ${detail}`);
    this.name = 'InvalidJobPayloadError';
    this.job = job;
    this.issues = error.issues;
  }
}
