/**
 * What a failed job leaves in the log and in graphile-worker's `last_error`: bounded, and naming the cause.
 * A database error reaches a job wrapped by drizzle, whose message holds the whole statement and every
 * parameter (megabytes for a statement over tens of thousands of meetings) while PostgreSQL's own code and
 * message sit in its `cause`.
 */
const MAX_MESSAGE = 1_000;
const MAX_STATEMENT = 160;
const MAX_FRAMES = 12;

type PostgresError = Error & { code: string; severity?: string };

const isPostgresError = (value: unknown): value is PostgresError =>
  value instanceof Error &&
  typeof (value as unknown as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((value as unknown as { code: string }).code) &&
  'severity' in value;

function cap(text: string, max: number) {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** The PostgreSQL error in an error's cause chain, if any. */
export function postgresCause(error: unknown): PostgresError | null {
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    if (isPostgresError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** One bounded line naming what failed: the PostgreSQL code and message first, never parameter values. */
export function describeJobError(error: unknown): string {
  const database = postgresCause(error);
  if (database) {
    const query = (error as { query?: unknown }).query;
    const statement =
      typeof query === 'string' ? ` (in: ${cap(query.replace(/\s+/g, ' ').trim(), MAX_STATEMENT)})` : '';
    return cap(`PostgreSQL ${database.code}: ${database.message}${statement}`, MAX_MESSAGE);
  }
  if (error instanceof Error)
    return cap(error.name === 'Error' ? error.message : `${error.name}: ${error.message}`, MAX_MESSAGE);
  return cap(String(error), MAX_MESSAGE);
}

/** The error a job throws on to graphile-worker: its message bounded, its stack frames kept (a few). */
export class JobFailedError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(describeJobError(cause));
    this.name = 'JobFailedError';
    this.code = postgresCause(cause)?.code;
    const frames =
      cause instanceof Error && cause.stack
        ? cause.stack
            .split('\n')
            .filter((line) => /^\s+at /.test(line))
            .slice(0, MAX_FRAMES)
        : [];
    this.stack = [`${this.name}: ${this.message}`, ...frames].join('\n');
  }
}
