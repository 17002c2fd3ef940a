import {
  ActionSettingsPatchSchema,
  ADMIN_ROLE,
  inviteAcceptedDocument,
  inviteCreatedDocument,
  inviteListDocument,
  inviteRenewalRequestedDocument,
  memberDocument,
  memberListDocument,
  teamDocument,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { setSessionCookies } from '../../auth/cookies';
import { requireTeamAdmin, requireTeamMember, teamRoleOfMembership } from '../../auth/policies';
import { createSession } from '../../auth/sessions';
import { companies, memberships } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { AppError } from '../../http/errors';
import { document, resourceBody } from '../../http/jsonapi';
import { requestAutoBalance } from '../autobalance/request';
import { referralOf } from '../referrals/referrals';
import { loadUserResource } from '../users/profile';
import { isPublicEmailDomain } from '../users/provision';
import {
  acceptInvite,
  createInvite,
  listPendingInvites,
  requestInviteRenewal,
  revokeInvite,
} from './invites';
import { changeMemberRole, removeMember } from './members';
import { presentInvite, presentMembership, presentTeam } from './presenter';
import { findTeam, listMembers, memberCount } from './queries';

const teamParams = z.object({ id: z.uuid({ error: 'must be a team id' }) });
const memberParams = teamParams.extend({
  memberId: z.uuid({ error: 'must be a membership or user id' }),
});

const teamAttributes = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    license_by: z.enum(['domain', 'invite']),
    average_annual_salary: z.number().int().min(0).max(100_000_000),
    /** The team's auto-balance defaults: merged into what is stored; null clears them. */
    action_settings: ActionSettingsPatchSchema.nullable(),
  })
  .partial()
  .strict();

const NO_DOMAIN_MESSAGE =
  'Anyone with the same domain can join only a team with an email domain of its own; this team has none (it was not created from a company address).';

export const teamRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/teams/:id',
    {
      schema: {
        tags: ['teams'],
        summary: 'The team (its members only)',
        params: teamParams,
        response: { 200: teamDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await requireTeamMember(ctx.db, user.id, request.params.id);
      const team = await findTeam(ctx.db, request.params.id);
      return document(presentTeam(team, await memberCount(ctx.db, team.id)));
    },
  );

  app.patch(
    '/api/v1/teams/:id',
    {
      schema: {
        tags: ['teams'],
        summary: "Change the team's name, how members join, average salary or auto-balance defaults (admins)",
        params: teamParams,
        body: resourceBody('teams', teamAttributes),
        response: { 200: teamDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const teamId = request.params.id;
      await requireTeamAdmin(ctx.db, user.id, teamId, "Only the team's admins can change it.");
      const team = await findTeam(ctx.db, teamId);
      const a = request.body.data.attributes;
      if (a.license_by === 'domain' && (!team.domain || isPublicEmailDomain(team.domain))) {
        throw new AppError('unprocessable', [
          { detail: NO_DOMAIN_MESSAGE, pointer: '/data/attributes/license_by' },
        ]);
      }
      const actionSettings =
        a.action_settings === undefined
          ? undefined
          : a.action_settings === null
            ? null
            : { ...(team.actionSettings ?? {}), ...a.action_settings };
      const [updated] = await ctx.db
        .update(companies)
        .set({
          ...(a.name !== undefined ? { name: a.name } : {}),
          ...(a.license_by !== undefined ? { licenseBy: a.license_by } : {}),
          ...(a.average_annual_salary !== undefined ? { averageAnnualSalary: a.average_annual_salary } : {}),
          ...(actionSettings !== undefined ? { actionSettings } : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(companies.id, teamId))
        .returning();
      if (actionSettings !== undefined) {
        // The members' effective action settings changed: auto-balance decides again for each of them.
        const members = await ctx.db
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(eq(memberships.companyId, teamId));
        for (const member of members) await requestAutoBalance(ctx, member.userId);
      }
      return document(presentTeam(updated!, await memberCount(ctx.db, teamId)));
    },
  );

  app.get(
    '/api/v1/teams/:id/members',
    {
      schema: {
        tags: ['teams'],
        summary: "The team's members (its members only)",
        params: teamParams,
        response: { 200: memberListDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await requireTeamMember(ctx.db, user.id, request.params.id);
      const members = await listMembers(ctx.db, request.params.id);
      return document(members.map(presentMembership), { member_count: members.length });
    },
  );

  app.patch(
    '/api/v1/teams/:id/members/:memberId',
    {
      schema: {
        tags: ['teams'],
        summary: "Make a member an admin or a user (admins; not one's own role, never the last admin)",
        params: memberParams,
        body: resourceBody(
          'memberships',
          z.object({ role: z.enum([ADMIN_ROLE, 'user']).nullable() }).strict(),
        ),
        response: { 200: memberDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const member = await changeMemberRole(ctx, {
        teamId: request.params.id,
        actorId: user.id,
        memberId: request.params.memberId,
        role: teamRoleOfMembership(request.body.data.attributes.role),
      });
      return document(presentMembership(member));
    },
  );

  app.delete(
    '/api/v1/teams/:id/members/:memberId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Remove a member: they get a company of their own (admins; not oneself)',
        params: memberParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await removeMember(ctx, {
        teamId: request.params.id,
        actorId: user.id,
        memberId: request.params.memberId,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/invites',
    {
      schema: {
        tags: ['teams'],
        summary: "The pending invites of the admin's team",
        response: { 200: inviteListDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return document((await listPendingInvites(ctx, user)).map(presentInvite));
    },
  );

  app.post(
    '/api/v1/invites',
    {
      schema: {
        tags: ['teams'],
        summary: "Invite an address to the admin's team and mail it the link (Team plan or trial)",
        body: resourceBody('invites', z.object({ email: z.string().max(320) }).strict()),
        response: { 201: inviteCreatedDocument },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { invite, mail } = await createInvite(ctx, user, request.body.data.attributes.email, {
        // Without SMTP the link is written where whoever runs the server finds it, as sign-in links are.
        log: (message) => request.log.warn(message),
      });
      return reply.code(201).send(document(presentInvite(invite), { mail }));
    },
  );

  app.delete(
    '/api/v1/invites/:id',
    {
      schema: {
        tags: ['teams'],
        summary: 'Cancel a pending invite (admins of its team)',
        params: z.object({ id: z.uuid({ error: 'must be an invite id' }) }),
        response: { 204: z.null().describe('Cancelled') },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await revokeInvite(ctx, user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/invites/accept',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['teams'],
        summary: "Accept an invite with its link's token: signs in (creating the account) and joins the team",
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
      },
    },
    async (request, reply) => {
      const { token, time_zone, referral } = request.body.data.attributes;
      const { user, alreadyMember } = await acceptInvite(ctx, token, {
        timeZone: time_zone,
        referral: referralOf(request, referral),
        signedInUserId: request.auth?.user.id,
      });
      if (!alreadyMember) {
        const session = await createSession(ctx.db, user.id, {
          userAgent: request.headers['user-agent'],
          now: ctx.now(),
        });
        setSessionCookies(request, reply, ctx, session.token);
      }
      return reply
        .header('cache-control', 'no-store')
        .send(document(await loadUserResource(ctx.db, user, ctx.now()), { already_member: alreadyMember }));
    },
  );

  app.post(
    '/api/v1/invites/renewal_requests',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['teams'],
        summary:
          "Ask for a new invite with an expired invite's token: the admin who sent it is mailed, once per invite",
        body: resourceBody(
          'invite_renewal_requests',
          z.object({ token: z.string().min(1).max(200) }).strict(),
        ),
        response: { 202: inviteRenewalRequestedDocument },
      },
    },
    async (request, reply) => {
      await requestInviteRenewal(ctx, request.body.data.attributes.token);
      return reply.code(202).send({ meta: { requested: true as const } });
    },
  );
};
