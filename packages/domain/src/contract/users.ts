import { z } from 'zod';
import { LICENSE_BY } from '../constants/product';
import { isValidTimeZone } from '../lib/tz';
import { MAX_ANNUAL_SALARY } from '../validation/misc';
import { SUBSCRIPTION_STATUSES } from './billing';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';

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
  license_by: z.enum(LICENSE_BY).nullable(),
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

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

/** PATCH /users: any of these; communication_prefs is merged into what is stored. */
export const userPatchAttributes = z
  .object({
    first_name: z.string().trim().max(100),
    last_name: z.string().trim().max(100),
    time_zone: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Paris'),
    onboarded: z.boolean(),
    goal_ids: z.array(z.number().int().positive()).max(50),
    wellness_block_color_preference: z.string().max(32).nullable(),
    daily_report_card_events: z.boolean(),
    dnd_slack: z.boolean(),
    annual_salary: z.number().int().min(0).max(MAX_ANNUAL_SALARY),
    domains_allowlist: z
      .array(z.string().trim().toLowerCase().regex(domainPattern, 'must be a valid email domain'))
      .max(200)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a domain'),
    communication_prefs: communicationPrefsSchema.partial(),
  })
  .partial()
  .strict();
export type UserPatch = z.input<typeof userPatchAttributes>;

/** The signed-in person's own account. */
export const userEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/api/v1/users',
    summary: 'The signed-in user (with session=optional, data null for a visitor instead of a 401)',
    tags: ['users'],
    // The web app asks on every page whether someone is signed in: a visitor is an answer, not an error.
    access: 'public',
    whenDeactivated: true,
    query: z.object({ session: z.enum(['optional']).optional() }),
    response: { 200: currentUserDocument },
    errors: [],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/users',
    summary: 'Update the signed-in user',
    tags: ['users'],
    access: 'signed_in',
    whenDeactivated: true,
    body: resourceBodySchema('users', userPatchAttributes),
    response: { 200: userDocument },
    errors: [],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/users',
    summary: 'Delete the signed-in account (needs confirm=true)',
    tags: ['users'],
    access: 'signed_in',
    whenDeactivated: true,
    query: z.object({ confirm: z.literal('true', { error: 'Pass confirm=true to delete the account.' }) }),
    response: { 204: z.null().describe('Deleted') },
    errors: [],
  }),
};
