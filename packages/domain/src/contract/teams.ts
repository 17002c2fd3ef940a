import { z } from 'zod';
import { ActionSettingsSchema } from '../settings/settings';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** The teams resource and its members and invites (GET /teams/:id, /teams/:id/members, /invites). */
export const teamAttributes = z.object({
  name: z.string(),
  license_by: z.enum(['domain', 'invite']).nullable(),
  /** The company's own email domain; null for teams of personal-mail addresses. */
  domain: z.string().nullable(),
  average_annual_salary: z.number(),
  domains_allowlist: z.array(z.string()),
  organizer_denylist: z.array(z.string()),
  member_count: z.number(),
  /** The team's Auto-Balance defaults (any of the action settings); null when none is set. */
  action_settings: ActionSettingsSchema.partial().nullable(),
});
export type TeamAttributes = z.infer<typeof teamAttributes>;
export const teamDocument = documentSchema(resourceSchema('teams', teamAttributes));

export const memberAttributes = z.object({
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  /** billing_admin for the team's admins, null for members. */
  role: z.string().nullable(),
  profile_image: z.string().nullable(),
});
export type MemberAttributes = z.infer<typeof memberAttributes>;
export const memberDocument = documentSchema(resourceSchema('memberships', memberAttributes));
export const memberListDocument = documentSchema(
  z.array(resourceSchema('memberships', memberAttributes)),
  z.object({ member_count: z.number() }),
);

export const inviteAttributes = z.object({
  email: z.string(),
  created_at: instantSchema,
  accepted_at: instantSchema.nullable(),
  /** The link works until then (14 days); a pending invite past it is listed until cancelled or sent again. */
  expires_at: instantSchema,
});
export type InviteAttributes = z.infer<typeof inviteAttributes>;
export const inviteListDocument = documentSchema(z.array(resourceSchema('invites', inviteAttributes)));

/**
 * POST /invites (201): the invite, and in meta what became of its mail (sent, kept in the outbox when no SMTP
 * server is configured, or not sent: the address opted out, a copy already went).
 */
export const inviteCreatedDocument = documentSchema(
  resourceSchema('invites', inviteAttributes),
  z.object({ mail: z.enum(['sent', 'outbox', 'duplicate', 'in_flight', 'opted_out', 'failed']) }),
);
