/**
 * The API's error catalogue: each machine code a JSON:API error document carries, with its HTTP status and
 * title. The server answers with these; the web app and the endpoint table name them.
 */
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
