import { ERROR_STATUS, type ErrorCode } from '@meetwell/domain';

// The catalogue lives in the API contract (the web app and the endpoint table name its codes).
export { ERROR_STATUS, type ErrorCode };

export type ErrorIssue = { detail: string; pointer?: string; parameter?: string };

/** The one application error: a code that maps to an HTTP status, a human detail, and where it points. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string | ErrorIssue[],
    options: { headers?: Record<string, string> } = {},
  ) {
    const issues = typeof detail === 'string' ? [{ detail }] : detail;
    super(issues.map((i) => i.detail).join('; '));
    this.code = code;
    this.issues = issues;
    this.headers = options.headers ?? {};
  }

  get status() {
    return ERROR_STATUS[this.code].status;
  }

  /** Worth reporting to the operators: only failures of our own, never a client's or an upstream provider's (502). */
  get reportable() {
    return this.status >= 500 && this.status !== 502;
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin/crash shutdown, cannot connect now, and the connection exception class.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether an error (or one it wraps, as the ORM's query errors do) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

/**
 * PostgreSQL's data exceptions (class 22: a value out of range, a date past its calendar, a character it
 * cannot store) are caused by what a client sent that the edge did not catch: a 400, never a 500.
 */
export function isInvalidValueForDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = cause;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError('unavailable', 'The database cannot be reached right now. Please try again in a moment.', {
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  });

export const notFound = (what = 'resource') => new AppError('not_found', `The ${what} does not exist.`);
export const forbidden = (detail = 'You are not allowed to do this.') => new AppError('forbidden', detail);
export const badRequest = (detail: string, pointer?: string) =>
  new AppError('validation_failed', [pointer ? { detail, pointer } : { detail }]);
