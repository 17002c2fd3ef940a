import { z } from 'zod';
import { ADMIN_ROLE, LICENSE_BY } from '../constants/product';
import { ActionSettingsPatchSchema, ActionSettingsSchema } from '../settings/settings';
import { MAX_ANNUAL_SALARY } from '../validation/misc';
import { inviteAcceptedDocument, inviteRenewalRequestedDocument } from './auth';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';

/** The teams resource and its members and invites (GET /teams/:id, /teams/:id/members, /invites). */
export const teamAttributes = z.object({
  name: z.string(),
  license_by: z.enum(LICENSE_BY).nullable(),
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

const teamParams = z.object({ id: z.uuid({ error: 'must be a team id' }) });
const memberParams = teamParams.extend({ memberId: z.uuid({ error: 'must be a membership or user id' }) });
const removed = (what: string) => ({ 204: z.null().describe(what) });

/** PATCH /teams/:id: any of these; `action_settings` is merged into what is stored, null clears it. */
export const teamPatchAttributes = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    license_by: z.enum(LICENSE_BY),
    average_annual_salary: z.number().int().min(0).max(MAX_ANNUAL_SALARY),
    action_settings: ActionSettingsPatchSchema.nullable(),
  })
  .partial()
  .strict();
export type TeamPatch = z.input<typeof teamPatchAttributes>;

export const teamEndpoints = {
  show: endpoint({
    method: 'GET',
    path: '/api/v1/teams/:id',
    summary: 'The team (its members only)',
    tags: ['teams'],
    access: 'team_member',
    params: teamParams,
    response: { 200: teamDocument },
    errors: ['not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/teams/:id',
    summary: "Change the team's name, how members join, average salary or auto-balance defaults (admins)",
    tags: ['teams'],
    access: 'team_admin',
    params: teamParams,
    body: resourceBodySchema('teams', teamPatchAttributes),
    response: { 200: teamDocument },
    errors: ['forbidden', 'not_found', 'unprocessable'],
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/v1/teams/:id/members',
    summary: "The team's members (its members only)",
    tags: ['teams'],
    access: 'team_member',
    params: teamParams,
    response: { 200: memberListDocument },
    errors: ['not_found'],
  }),
  changeRole: endpoint({
    method: 'PATCH',
    path: '/api/v1/teams/:id/members/:memberId',
    summary: "Make a member an admin or a user (admins; not one's own role, never the last admin)",
    tags: ['teams'],
    access: 'team_admin',
    params: memberParams,
    body: resourceBodySchema(
      'memberships',
      z.object({ role: z.enum([ADMIN_ROLE, 'user']).nullable() }).strict(),
    ),
    response: { 200: memberDocument },
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/v1/teams/:id/members/:memberId',
    summary: 'Remove a member: they get a company of their own (admins; not oneself)',
    tags: ['teams'],
    access: 'team_admin',
    params: memberParams,
    response: removed('Removed'),
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  invites: endpoint({
    method: 'GET',
    path: '/api/v1/invites',
    summary: "The pending invites of the admin's team",
    tags: ['teams'],
    access: 'team_admin',
    response: { 200: inviteListDocument },
    errors: ['forbidden'],
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/v1/invites',
    summary: "Invite an address to the admin's team and mail it the link (Team plan or trial)",
    tags: ['teams'],
    access: 'team_admin',
    body: resourceBodySchema('invites', z.object({ email: z.string().max(320) }).strict()),
    response: { 201: inviteCreatedDocument },
    errors: ['forbidden', 'unprocessable', 'conflict'],
  }),
  cancelInvite: endpoint({
    method: 'DELETE',
    path: '/api/v1/invites/:id',
    summary: 'Cancel a pending invite (admins of its team)',
    tags: ['teams'],
    access: 'team_admin',
    params: z.object({ id: z.uuid({ error: 'must be an invite id' }) }),
    response: removed('Cancelled'),
    errors: ['forbidden', 'not_found'],
  }),
  acceptInvite: endpoint({
    method: 'POST',
    path: '/api/v1/invites/accept',
    summary: "Accept an invite with its link's token: signs in (creating the account) and joins the team",
    tags: ['teams'],
    access: 'public',
    whenDeactivated: true,
    body: z.object({
      data: z.object({
        type: z.string().max(60).optional(),
        attributes: z
          .object({
            token: z.string().min(1).max(200),
            // For a new account; one the server does not know falls back to UTC rather than failing.
            time_zone: z.string().max(64).optional(),
            // The referral token kept from a ?ref= link, for a new account (else the cookie is read).
            referral: z.string().max(200).optional(),
          })
          .strict(),
      }),
    }),
    response: { 200: inviteAcceptedDocument },
    errors: ['invite_invalid', 'invite_expired', 'already_member', 'company_exists'],
  }),
  requestInviteRenewal: endpoint({
    method: 'POST',
    path: '/api/v1/invites/renewal_requests',
    summary:
      "Ask for a new invite with an expired invite's token: the admin who sent it is mailed, once per invite",
    tags: ['teams'],
    access: 'public',
    whenDeactivated: true,
    body: resourceBodySchema(
      'invite_renewal_requests',
      z.object({ token: z.string().min(1).max(200) }).strict(),
    ),
    response: { 202: inviteRenewalRequestedDocument },
    errors: ['invite_invalid'],
  }),
};
