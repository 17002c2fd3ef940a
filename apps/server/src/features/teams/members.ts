import { and, eq, isNull, sql } from 'drizzle-orm';
import { lockTeamAdmins, membershipRoleFor, requireTeamAdmin, type TeamRole } from '../../auth/policies';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { meetings, memberships, users } from '../../db/schema';
import { AppError, forbidden } from '../../http/errors';
import { currentSubscription } from '../billing/subscriptions';
import { reactivateOnJoin } from '../billing/trials';
import { reevaluateUserJobKey } from '../evaluation/reevaluate-user.job';
import { invalidateReports } from '../reports/rollups';
import { requestReportWarmup } from '../reports/warm-reports';
import { createTrialCompany, ownTeamName } from '../users/provision';
import { findMember, type MemberRow, type UserRow } from './queries';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
export const LAST_ADMIN_MESSAGE = 'A team needs at least one admin: make another member an admin first.';
const REMOVE_YOURSELF_MESSAGE = 'You cannot remove yourself from the team.';
const ROLES_MESSAGE = "Only the team's admins can change roles or remove members.";

/**
 * Moves a user to another company: their one membership, their company, and the company their meetings count
 * for (team reports read meetings by company). Call afterCompanyChange once the transaction is committed.
 */
export async function moveUserToCompany(
  tx: Transaction,
  userId: string,
  companyId: string,
  role: TeamRole,
  now: Date,
): Promise<UserRow> {
  await tx.delete(memberships).where(eq(memberships.userId, userId));
  await tx.insert(memberships).values({ companyId, userId, role: membershipRoleFor(role), createdAt: now });
  await tx.update(users).set({ companyId, updatedAt: now }).where(eq(users.id, userId));
  await tx
    .update(meetings)
    .set({ companyId })
    .where(and(eq(meetings.userId, userId), sql`${meetings.companyId} is distinct from ${companyId}`));
  await reactivateOnJoin(tx, userId, companyId, now);
  const [moved] = await tx.select().from(users).where(eq(users.id, userId));
  return moved!;
}

/**
 * What follows a move, outside its transaction: both teams' report days are dropped and built again in the
 * background (the old team's by one of its remaining members), and the user's meetings are scored again with
 * the new team's standards (which also decides auto-balance again). Team reports count current members in
 * every period (docs/spec/stats-team-billing-public.md, "Who counts in team reports").
 */
export async function afterCompanyChange(
  ctx: AppContext,
  move: { userId: string; from: string | null; to: string },
) {
  await invalidateReports(ctx.db, { companyIds: [move.to] });
  await requestReportWarmup(ctx, move.userId);
  if (move.from) await afterMemberLeft(ctx, move.from);
  await ctx.jobs.enqueue(
    'reevaluate_user',
    { userId: move.userId },
    { jobKey: reevaluateUserJobKey(move.userId) },
  );
}

/**
 * A person left the team (moved to another, or deleted their account): its report days, which counted
 * their meetings in every period, are dropped and built again in the background by a remaining member.
 */
export async function afterMemberLeft(ctx: AppContext, companyId: string) {
  await invalidateReports(ctx.db, { companyIds: [companyId] });
  const [remaining] = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.companyId, companyId))
    .limit(1);
  if (remaining) await requestReportWarmup(ctx, remaining.userId);
}

/** Refuses a change that would leave the team without an admin (the admins are those locked before it). */
export function ensureAnAdminRemains(
  admins: readonly string[],
  member: string,
  newRole: TeamRole | 'removed',
) {
  if (newRole === 'admin' || !admins.includes(member)) return;
  if (admins.filter((id) => id !== member).length === 0)
    throw new AppError('unprocessable', [{ detail: LAST_ADMIN_MESSAGE, pointer: '/data/attributes/role' }]);
}

/** Locks the team's admins and checks the actor is still one of them (a concurrent change may have demoted them). */
async function lockAsAdmin(tx: Transaction, teamId: string, actorId: string) {
  const admins = await lockTeamAdmins(tx, teamId);
  if (!admins.includes(actorId)) throw forbidden(ROLES_MESSAGE);
  return admins;
}

export async function changeMemberRole(
  ctx: AppContext,
  params: { teamId: string; actorId: string; memberId: string; role: TeamRole },
): Promise<MemberRow> {
  const { teamId, actorId, role } = params;
  await requireTeamAdmin(ctx.db, actorId, teamId, ROLES_MESSAGE);
  const member = await findMember(ctx.db, teamId, params.memberId);
  if (member.userId === actorId) throw forbidden(OWN_ROLE_MESSAGE);
  await ctx.db.transaction(async (tx) => {
    const admins = await lockAsAdmin(tx, teamId, actorId);
    ensureAnAdminRemains(admins, member.userId, role);
    await tx
      .update(memberships)
      .set({ role: membershipRoleFor(role) })
      .where(eq(memberships.id, member.id));
  });
  return findMember(ctx.db, teamId, member.id);
}

/**
 * Takes a member out of the team. They keep their account and meetings, in a company of their own, as its
 * admin, on what is left of the team's trial: none when the team's trial ended or it pays, and then they are
 * deactivated at once (trial_expired) and choose a plan, or join another team by invite.
 */
export async function removeMember(
  ctx: AppContext,
  params: { teamId: string; actorId: string; memberId: string },
): Promise<void> {
  const { teamId, actorId } = params;
  await requireTeamAdmin(ctx.db, actorId, teamId, ROLES_MESSAGE);
  const member = await findMember(ctx.db, teamId, params.memberId);
  if (member.userId === actorId)
    throw new AppError('unprocessable', [{ detail: REMOVE_YOURSELF_MESSAGE, parameter: 'memberId' }]);
  const now = ctx.now();
  const ownCompanyId = await ctx.db.transaction(async (tx) => {
    const admins = await lockAsAdmin(tx, teamId, actorId);
    ensureAnAdminRemains(admins, member.userId, 'removed');
    const [user] = await tx.select().from(users).where(eq(users.id, member.userId)).for('update');
    // One free trial per company: the member keeps what is left of the team's running trial, and nothing
    // when the team's trial is over or it pays (else removing and inviting back would trial for ever).
    const teamTrial = await currentSubscription(tx, { companyId: teamId });
    const trialLeft =
      teamTrial?.status === 'trialing' && teamTrial.trialEndsAt && teamTrial.trialEndsAt > now
        ? teamTrial.trialEndsAt
        : now;
    const companyId = await createTrialCompany(
      tx,
      {
        name: ownTeamName(user!.firstName),
        domain: null,
        isDemo: user!.isDemo,
        trialEndsAt: user!.isDemo ? undefined : trialLeft,
      },
      now,
    );
    await moveUserToCompany(tx, member.userId, companyId, 'admin', now);
    if (!user!.isDemo && trialLeft <= now) {
      // What the hourly expire_trials job would do within the hour, done now: no free hour either.
      await tx
        .update(users)
        .set({ deactivatedAt: now, deactivatedReason: 'trial_expired', updatedAt: now })
        .where(and(eq(users.id, member.userId), isNull(users.deactivatedAt)));
    }
    return companyId;
  });
  await afterCompanyChange(ctx, { userId: member.userId, from: teamId, to: ownCompanyId });
}
