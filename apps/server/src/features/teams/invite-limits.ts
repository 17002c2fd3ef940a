import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { invites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { INVITE_VALID_MS } from '../users/provision';

type InviteRow = typeof invites.$inferSelect;

/** The link works for 14 days after the invite was sent. */
export function inviteExpiresAt(invite: Pick<InviteRow, 'createdAt'>): Date {
  return new Date(invite.createdAt.getTime() + INVITE_VALID_MS);
}

export function isInviteExpired(invite: Pick<InviteRow, 'createdAt'>, now: Date): boolean {
  return inviteExpiresAt(invite).getTime() <= now.getTime();
}

/** Invites one admin and one team may send per hour and per day (INVITES_PER_* in the configuration). */
export type InviteLimits = {
  perAdminPerHour: number;
  perAdminPerDay: number;
  perTeamPerHour: number;
  perTeamPerDay: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Budget = { who: 'admin' | 'team'; windowMs: number; limit: number };

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/**
 * Refuses an invite past the sender's or the team's budget (429 with Retry-After). Every invite sent counts,
 * cancelled and accepted ones too: each was one mail to an address someone typed. The windows slide (the
 * last hour, the last 24 hours), so no burst across a clock hour gets twice the budget. Call it inside the
 * transaction that inserts the invite, after `lockTeamInvites`.
 */
export async function checkInviteBudget(
  tx: Pick<Database, 'execute'>,
  options: { companyId: string; senderId: string; now: Date; limits: InviteLimits },
): Promise<void> {
  const { companyId, senderId, now, limits } = options;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const { rows } = await tx.execute<{
    admin_hour: number;
    admin_day: number;
    team_hour: number;
    team_day: number;
  }>(sql`
    select
      count(*) filter (where invited_by_id = ${senderId} and created_at > ${hourAgo})::int as admin_hour,
      count(*) filter (where invited_by_id = ${senderId})::int as admin_day,
      count(*) filter (where company_id = ${companyId} and created_at > ${hourAgo})::int as team_hour,
      count(*) filter (where company_id = ${companyId})::int as team_day
    from invites
    where (company_id = ${companyId} or invited_by_id = ${senderId}) and created_at > ${dayAgo}`);
  const counts = rows[0]!;
  const budgets: [Budget, number][] = [
    [{ who: 'admin', windowMs: HOUR_MS, limit: limits.perAdminPerHour }, counts.admin_hour],
    [{ who: 'admin', windowMs: DAY_MS, limit: limits.perAdminPerDay }, counts.admin_day],
    [{ who: 'team', windowMs: HOUR_MS, limit: limits.perTeamPerHour }, counts.team_hour],
    [{ who: 'team', windowMs: DAY_MS, limit: limits.perTeamPerDay }, counts.team_day],
  ];
  let refusal: { budget: Budget; retryAt: number } | null = null;
  for (const [budget, used] of budgets) {
    if (used < budget.limit) continue;
    // One more fits once the limit-th newest invite of the window has left it.
    const scope = budget.who === 'admin' ? sql`invited_by_id = ${senderId}` : sql`company_id = ${companyId}`;
    const since = new Date(now.getTime() - budget.windowMs);
    const { rows: oldest } = await tx.execute<{ created_at: string | Date }>(sql`
      select created_at from invites where ${scope} and created_at > ${since}
      order by created_at desc offset ${budget.limit - 1} limit 1`);
    const leaves = new Date(oldest[0]!.created_at).getTime() + budget.windowMs;
    if (!refusal || leaves > refusal.retryAt) refusal = { budget, retryAt: leaves };
  }
  if (!refusal) return;
  const { budget, retryAt } = refusal;
  const wait = retryAt - now.getTime();
  const period = budget.windowMs === HOUR_MS ? 'an hour' : 'a day';
  const subject = budget.who === 'admin' ? 'You have' : 'Your team has';
  throw new AppError(
    'rate_limited',
    `${subject} sent ${budget.limit} invites in the last ${budget.windowMs === HOUR_MS ? 'hour' : '24 hours'}, as many as ${period} allows. You can send more in ${waitText(wait)}.`,
    { headers: { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) } },
  );
}

/** Invites of one team are sent one at a time, so two at once cannot both pass the budget. */
export async function lockTeamInvites(tx: Pick<Database, 'execute'>, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invites:${companyId}`}, 0))`);
}
