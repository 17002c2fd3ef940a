import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** GET /communications/email/opt-out: the bare form's request, the same answer for every address. */
export const emailOptOutRequestDocument = documentSchema(
  resourceSchema('email_opt_out_requests', z.object({ email: z.string() })),
);

/** POST /communications/email/unsubscribe (signed link): the address is opted out. */
export const emailOptOutDocument = documentSchema(
  resourceSchema('email_opt_outs', z.object({ email: z.string(), opted_out: z.literal(true) })),
);

/**
 * GET /users/meetings/details/:token and PATCH /users/meetings/prevent_decline/:token: what the public
 * prevent-decline page shows of the meeting its token opens.
 */
export const declineDetailsAttributes = z.object({
  /** The team members the warning spoke for (their declines are all prevented together). */
  attendee_names: z.array(z.string()),
  summary: z.string(),
  starts_at: instantSchema,
  ends_at: instantSchema,
  compliance_deadline: instantSchema.nullable(),
  /** A sentence per violated rule. */
  details_negative: z.array(z.string()),
  /** The same sentences by rule. */
  violations: z.record(z.string(), z.string()),
  organizer_email: z.string().nullable(),
  status: z.enum(['scheduled', 'done', 'cancelled', 'ignored', 'prevented', 'failed']),
  /** The decline was already prevented (the link was used). */
  prevented: z.boolean(),
  organizer_notes: z.string().nullable(),
});
export type DeclineDetailsAttributes = z.infer<typeof declineDetailsAttributes>;
export const declineDetailsDocument = documentSchema(resourceSchema('meetings', declineDetailsAttributes));
