export type ErrorCode =
  | 'bad_request'
  | 'invalid_json'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'csrf_failed'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'not_acceptable'
  | 'needs_permission'
  | 'unprocessable'
  | 'sign_in_link_invalid'
  | 'rate_limited'
  | 'invite_invalid'
  | 'invite_expired'
  | 'company_exists'
  | 'already_member'
  | 'account_deactivated'
  | 'billing_not_configured'
  | 'payment_declined'
  | 'payment_provider_error'
  | 'unavailable'
  | 'internal';

export const ERROR_STATUS: Record<ErrorCode, { status: number; title: string }> = {
  bad_request: { status: 400, title: 'Bad request' },
  invalid_json: { status: 400, title: 'Malformed JSON' },
  validation_failed: { status: 400, title: 'Invalid attribute' },
  unauthorized: { status: 401, title: 'Not signed in' },
  forbidden: { status: 403, title: 'Forbidden' },
  csrf_failed: { status: 403, title: 'Cross-site request refused' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  not_acceptable: { status: 406, title: 'Not acceptable' },
  // 422 is reserved for "the calendar provider refused us": the web app sends the user to /needs-permission.
  needs_permission: { status: 422, title: 'Incorrect permissions' },
  // Also 422: a well-formed value that cannot be used (an address that is not one); the web app's forms that
  // can meet it opt out of the permission redirect.
  unprocessable: { status: 422, title: 'Unprocessable entity' },
  sign_in_link_invalid: { status: 410, title: 'Sign-in link expired or used' },
  rate_limited: { status: 429, title: 'Too many requests' },
  invite_invalid: { status: 410, title: 'Invite no longer valid' },
  invite_expired: { status: 410, title: 'Invite expired' },
  // A sign-up from a company domain whose company uses MeetWell already: no second company, no second trial.
  company_exists: { status: 409, title: 'Your company already uses MeetWell' },
  // An invite opened again by someone already on its team, in a browser not signed in as them.
  already_member: { status: 409, title: 'Already on the team' },
  account_deactivated: { status: 403, title: 'Account deactivated' },
  billing_not_configured: { status: 409, title: 'Billing not configured' },
  payment_declined: { status: 402, title: 'Payment declined' },
  // The card payment provider failed or refused us (not the client's fault, not ours): said as it is.
  payment_provider_error: { status: 502, title: 'Payment provider error' },
  unavailable: { status: 503, title: 'Service unavailable' },
  internal: { status: 500, title: 'Internal error' },
};

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
