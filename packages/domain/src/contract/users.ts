import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './billing';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** The users resource: GET /users (the signed-in user, or data null for a visitor) and PATCH /users. */

export const communicationPrefsSchema = z.object({
  email_reminders: z.boolean(),
  email_weekly_reports: z.boolean(),
  email_tips: z.boolean(),
  all_communications: z.boolean(),
  email_if_organizer: z.boolean(),
});

export const userCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  license_by: z.enum(['domain', 'invite']).nullable(),
  roles: z.array(z.string()),
  domains_allowlist: z.array(z.string()),
  organizer_denylist: z.array(z.string()),
});

export const userAttributes = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  domain: z.string(),
  profile_image: z.string().nullable(),
  time_zone: z.string(),
  onboarded: z.boolean(),
  goal_ids: z.array(z.number()),
  /** Sign-in providers (Slack, a connection only, is left out). */
  identity_providers: z.array(z.string()),
  wellness_block_color_preference: z.string().nullable(),
  daily_report_card_events: z.boolean(),
  dnd_slack: z.boolean().nullable(),
  affiliate_token: z.string(),
  annual_salary: z.number(),
  domains_allowlist: z.array(z.string()),
  organizer_denylist: z.array(z.string()),
  deactivated_at: instantSchema.nullable(),
  deactivated_reason: z.string().nullable(),
  subscription_plan: z.string(),
  /** The company's (or solo user's) subscription status; null before the first plan. */
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  trial_ends_at: instantSchema.nullable(),
  /** Whole days left in the trial, counted by the server; null when not on a trial. */
  trial_days_left: z.number().nullable(),
  communication_prefs: communicationPrefsSchema,
  is_demo: z.boolean(),
  created_at: instantSchema,
  company: userCompanySchema.nullable(),
});
export type ApiUserAttributes = z.infer<typeof userAttributes>;

export const userResource = resourceSchema('users', userAttributes);

/** GET /users?session=optional answers a visitor with data null and meta.signed_in false. */
export const currentUserDocument = documentSchema(
  userResource.nullable(),
  z.object({ signed_in: z.boolean() }),
);

/** PATCH /users answers with the user. */
export const userDocument = documentSchema(userResource);
