import { z } from 'zod';
import { endpoint } from './endpoint';
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

/** A signed unsubscribe link's address and signature (`?e=…&sig=…`). */
export const signedUnsubscribeQuery = z.object({
  e: z.string().min(1).max(320),
  sig: z.string().min(1).max(128),
});

/** Unsubscribing (stats §8): the bare form, and the signed link mail carries. Its signature is the credential. */
export const communicationEndpoints = {
  requestOptOut: endpoint({
    method: 'GET',
    path: '/api/v1/communications/email/opt-out',
    summary:
      'The bare unsubscribe form: mails the address a signed link to confirm with (if we mail it at all); changes nothing by itself',
    tags: ['communications'],
    access: 'public',
    whenDeactivated: true,
    query: z.object({ email: z.string().max(320) }),
    response: { 200: emailOptOutRequestDocument },
    errors: [],
  }),
  /** A 303 to the unsubscribe page, its address and signature filled in. */
  openSignedLink: endpoint({
    method: 'GET',
    path: '/api/v1/communications/email/unsubscribe',
    summary:
      'A signed unsubscribe link opened (or prefetched by a link scanner): changes nothing, leads to the page that confirms',
    tags: ['communications'],
    access: 'public',
    whenDeactivated: true,
    query: signedUnsubscribeQuery,
    errors: ['forbidden'],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/v1/communications/email/unsubscribe',
    summary:
      "One-click unsubscribe (RFC 8058, body List-Unsubscribe=One-Click) and the page's confirm button: opts the signed address out",
    tags: ['communications'],
    access: 'public',
    whenDeactivated: true,
    query: signedUnsubscribeQuery,
    response: { 200: emailOptOutDocument },
    errors: ['forbidden'],
  }),
};
