import { Logger, type LogLevel } from 'graphile-worker';
import { postgresCause } from './job-error';

// pino's numeric levels, so worker lines sit with Fastify's in the same log pipeline.
const LEVEL_NUMBER: Record<string, number> = { error: 50, warning: 40, info: 30, debug: 20 };
const THRESHOLD: Record<string, number> = {
  fatal: 50,
  error: 50,
  warn: 40,
  info: 30,
  debug: 20,
  trace: 20,
  silent: Number.POSITIVE_INFINITY,
};

type Scope = { label?: string; workerId?: string; taskIdentifier?: string; jobId?: string };

/** graphile-worker's logger writing one JSON line per message at or above the configured LOG_LEVEL. */
export function createJobLogger(logLevel: string): Logger {
  const threshold = THRESHOLD[logLevel] ?? 30;
  const withMeta = (meta: Record<string, unknown> | undefined) => {
    const details = summarize(meta);
    return Object.keys(details).length ? { meta: details } : {};
  };
  return new Logger((rawScope) => (level: LogLevel, message: string, meta?: Record<string, unknown>) => {
    const scope = rawScope as Scope;
    const number = LEVEL_NUMBER[level] ?? 30;
    if (number < threshold) return;
    // A job's failure is logged in the worker's scope, with the job row in its meta.
    const job = meta?.job as { id?: unknown; task_identifier?: unknown; attempts?: unknown } | undefined;
    const line = JSON.stringify({
      level: number,
      time: Date.now(),
      name: 'worker',
      scope: scope.label,
      workerId: scope.workerId,
      task: scope.taskIdentifier ?? job?.task_identifier,
      jobId: scope.jobId ?? job?.id,
      attempt: job?.attempts,
      msg: bounded(message, MAX_MESSAGE),
      ...withMeta(meta),
    });
    if (number >= 40) process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  });
}

/**
 * Primitive fields and errors only, each bounded: graphile-worker's meta can hold whole job rows, and an
 * error (its message is already in the line) only adds its PostgreSQL code.
 */
function summarize(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta ?? {})) {
    if (value instanceof Error) {
      const code = postgresCause(value)?.code ?? (value as { code?: unknown }).code;
      out[key] = { name: value.name, ...(typeof code === 'string' ? { code } : {}) };
    } else if (typeof value === 'string') out[key] = bounded(value, MAX_FIELD);
    else if (value === null || ['number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

/** A log line stays readable (and a log file small) whatever a message holds. */
const MAX_MESSAGE = 4_000;
const MAX_FIELD = 500;

function bounded(text: string, max: number) {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
