import { z } from 'zod';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';
import { meetingDocument } from './meetings';
import { periodQuerySchema } from './period';

/** The actions resource of Auto-balance (GET /future_actions and /past_actions). */
export const actionAttributes = z.object({
  /** decline, remind, … */
  action: z.string(),
  /** scheduled (future); done, failed, prevented or ignored (past). */
  status: z.enum(['scheduled', 'done', 'cancelled', 'ignored', 'prevented', 'failed']),
  manual: z.boolean(),
  organizer_email: z.string().nullable(),
  meeting_id: z.string(),
  meeting_summary: z.string(),
  meeting_starts_at: instantSchema,
  meeting_ends_at: instantSchema,
  /** A sentence per violated rule. */
  details_negative: z.record(z.string(), z.string()),
  compliance_deadline: instantSchema.nullable(),
  /** Scheduled and past its deadline: it happens with the next run. */
  queued: z.boolean(),
  performed_at: instantSchema.nullable(),
  /** What the organizer wrote when preventing the decline. */
  organizer_notes: z.string().nullable(),
});
export type ActionAttributes = z.infer<typeof actionAttributes>;

export const actionListDocument = documentSchema(
  z.array(resourceSchema('actions', actionAttributes)),
  z.object({ starts_at: instantSchema, ends_at: instantSchema }),
);

const ignoreAction = {
  path: '/api/v1/users/meetings/accept/:meeting_id',
  summary: 'Ignore an action: accept the meeting for the user (through the calendar when it can answer)',
  tags: ['auto-balance'],
  access: 'owner',
  params: z.object({ meeting_id: z.uuid({ error: 'must be a meeting id' }) }),
  response: { 200: meetingDocument },
  // conflict: accepting would overlap a meeting already accepted; needs_permission: the calendar refused us.
  errors: ['not_found', 'conflict', 'needs_permission'],
} as const;

export const actionEndpoints = {
  future: endpoint({
    method: 'GET',
    path: '/api/v1/future_actions',
    summary:
      'Scheduled actions (default: deadlines in the next 7 days, and the ones queued past their deadline)',
    tags: ['auto-balance'],
    access: 'signed_in',
    query: periodQuerySchema,
    response: { 200: actionListDocument },
    errors: [],
  }),
  past: endpoint({
    method: 'GET',
    path: '/api/v1/past_actions',
    summary: 'Actions taken (done, failed, prevented, ignored); default: the last 7 days',
    tags: ['auto-balance'],
    access: 'signed_in',
    query: periodQuerySchema,
    response: { 200: actionListDocument },
    errors: [],
  }),
  // The spec names a GET; it changes state, so a browser session needs the CSRF header for it as for the POST.
  ignoreByGet: endpoint({ ...ignoreAction, method: 'GET' }),
  ignore: endpoint({ ...ignoreAction, method: 'POST' }),
};
