import { Logger, type LogLevel } from 'graphile-worker';

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
    const line = JSON.stringify({
      level: number,
      time: Date.now(),
      name: 'worker',
      scope: scope.label,
      workerId: scope.workerId,
      task: scope.taskIdentifier,
      jobId: scope.jobId,
      msg: message,
      ...withMeta(meta),
    });
    if (number >= 40) process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  });
}

/** Primitive fields and errors only: graphile-worker's meta can hold whole job rows. */
function summarize(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta ?? {})) {
    if (value instanceof Error) out[key] = { message: value.message, stack: value.stack };
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}
