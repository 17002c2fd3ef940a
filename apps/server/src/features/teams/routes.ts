import { teamEndpoints } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { setSessionCookies } from '../../auth/cookies';
import { requireTeamAdmin, requireTeamMember, teamRoleOfMembership } from '../../auth/policies';
import { createSession } from '../../auth/sessions';
import { companies, memberships } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document } from '../../http/jsonapi';
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

const NO_DOMAIN_MESSAGE =
  'Anyone with the same domain can join only a team with an email domain of its own; this team has none (it was not created from a company address).';

export const teamRoutes: FeatureRoutes = (app, ctx) => {
  route(app, teamEndpoints.show, async (request) => {
    const { user } = requireAuth(request);
    await requireTeamMember(ctx.db, user.id, request.params.id);
    const team = await findTeam(ctx.db, request.params.id);
    return document(presentTeam(team, await memberCount(ctx.db, team.id)));
  });

  route(app, teamEndpoints.update, async (request) => {
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
  });

  route(app, teamEndpoints.members, async (request) => {
    const { user } = requireAuth(request);
    await requireTeamMember(ctx.db, user.id, request.params.id);
    const members = await listMembers(ctx.db, request.params.id);
    return document(members.map(presentMembership), { member_count: members.length });
  });

  route(app, teamEndpoints.changeRole, async (request) => {
    const { user } = requireAuth(request);
    const member = await changeMemberRole(ctx, {
      teamId: request.params.id,
      actorId: user.id,
      memberId: request.params.memberId,
      role: teamRoleOfMembership(request.body.data.attributes.role),
    });
    return document(presentMembership(member));
  });

  route(app, teamEndpoints.removeMember, async (request, reply) => {
    const { user } = requireAuth(request);
    await removeMember(ctx, {
      teamId: request.params.id,
      actorId: user.id,
      memberId: request.params.memberId,
    });
    return reply.code(204).send(null);
  });

  route(app, teamEndpoints.invites, async (request) => {
    const { user } = requireAuth(request);
    return document((await listPendingInvites(ctx, user)).map(presentInvite));
  });

  route(app, teamEndpoints.invite, async (request, reply) => {
    const { user } = requireAuth(request);
    const { invite, mail } = await createInvite(ctx, user, request.body.data.attributes.email, {
      // Without SMTP the link is written where whoever runs the server finds it, as sign-in links are.
      log: (message) => request.log.warn(message),
    });
    return reply.code(201).send(document(presentInvite(invite), { mail }));
  });

  route(app, teamEndpoints.cancelInvite, async (request, reply) => {
    const { user } = requireAuth(request);
    await revokeInvite(ctx, user, request.params.id);
    return reply.code(204).send(null);
  });

  route(
    app,
    teamEndpoints.acceptInvite,
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
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(
    app,
    teamEndpoints.requestInviteRenewal,
    async (request, reply) => {
      await requestInviteRenewal(ctx, request.body.data.attributes.token);
      return reply.code(202).send({ meta: { requested: true as const } });
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
};
