import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import type { Executor } from './subscriptions';

const TRIAL_EXPIRED = 'trial_expired';
/** A paid subscription that ended (cancelled at its period's end, or by the payment provider). */
const SUBSCRIPTION_ENDED = 'subscription_ended';
const DAY_MS = 86_400_000;

/**
 * Deactivates every member of a company whose own trial has ended and that pays for nothing (no active or
 * past-due subscription). The demo company never expires. Members already deactivated keep their first
 * date, so running it again changes nothing. Returns the ids deactivated now.
 */
export async function expireTrials(db: Executor, now: Date): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    update ${users} set deactivated_at = ${now}, deactivated_reason = ${TRIAL_EXPIRED}, updated_at = ${now}
    where ${users.deactivatedAt} is null
      and ${users.companyId} in (
        select trial.company_id
        from ${subscriptions} trial
        join companies on companies.id = trial.company_id and not companies.is_demo
        where trial.status = 'trialing'
          and trial.stripe_subscription_id is null
          and trial.trial_ends_at <= ${now}
          and not exists (
            select 1 from ${subscriptions} paid
            where paid.company_id = trial.company_id and paid.status in ('active', 'past_due')
          )
      )
    returning ${users.id}`);
  return rows.rows.map((row) => row.id);
}

/**
 * Lifts the deactivations that not paying caused (a trial's end, a paid plan's end), and only those, for every
 * member of the company.
 */
export async function reactivateTrialExpiredUsers(db: Executor, companyId: string, now: Date) {
  const reactivated = await db
    .update(users)
    .set({ deactivatedAt: null, deactivatedReason: null, updatedAt: now })
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.deactivatedReason, [TRIAL_EXPIRED, SUBSCRIPTION_ENDED]),
      ),
    )
    .returning({ id: users.id });
  return reactivated.length;
}

/**
 * A company's paid subscription ended and nothing else pays for it: its members are deactivated like a
 * trial's end does (they reach the plan chooser and their account only). Returns the ids deactivated now.
 */
export async function deactivateUnpaidCompany(db: Executor, companyId: string, now: Date): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    update ${users} set deactivated_at = ${now}, deactivated_reason = ${SUBSCRIPTION_ENDED}, updated_at = ${now}
    where ${users.deactivatedAt} is null
      and ${users.companyId} = ${companyId}
      and not exists (
        select 1 from ${subscriptions} paid
        where paid.company_id = ${companyId} and paid.status in ('active', 'past_due')
      )
      and not exists (
        select 1 from ${subscriptions} trial
        where trial.company_id = ${companyId} and trial.status = 'trialing' and trial.trial_ends_at > ${now}
      )
    returning ${users.id}`);
  return rows.rows.map((row) => row.id);
}

export class TrialExtensionError extends Error {}

/**
 * Gives the company of the person with this address `days` more days of trial, counted from the later of
 * now and the trial's current end (a company without a trial row gets one), and lets its members back in.
 */
export async function extendTrial(db: Database, input: { email: string; days: number; now: Date }) {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 366) {
    throw new TrialExtensionError('The number of days must be a whole number from 1 to 366.');
  }
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (!user) throw new TrialExtensionError(`No account uses ${email}.`);
    if (!user.companyId) throw new TrialExtensionError(`${email} belongs to no company.`);
    const [trial] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, user.companyId), isNull(subscriptions.stripeSubscriptionId)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1)
      .for('update');
    const from = Math.max(input.now.getTime(), trial?.trialEndsAt?.getTime() ?? 0);
    const trialEndsAt = new Date(from + input.days * DAY_MS);
    const columns = {
      status: 'trialing' as const,
      trialEndsAt,
      currentPeriodEnd: trialEndsAt,
      updatedAt: input.now,
    };
    if (trial) {
      await tx.update(subscriptions).set(columns).where(eq(subscriptions.id, trial.id));
    } else {
      await tx.insert(subscriptions).values({ companyId: user.companyId, plan: 'trial', ...columns });
    }
    const reactivated = await reactivateTrialExpiredUsers(tx, user.companyId, input.now);
    return { companyId: user.companyId, trialEndsAt, reactivated };
  });
}

/** Whether something lets the company's members in: a paid (or past-due) subscription, or a trial still running. */
async function companyHasAccess(db: Executor, companyId: string, now: Date): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from ${subscriptions}
      where company_id = ${companyId}
        and (status in ('active', 'past_due') or (status = 'trialing' and trial_ends_at > ${now}))
    ) as ok`);
  return rows.rows[0]?.ok === true;
}

/**
 * A person who joins a company that has access is let back in when only not paying had kept them out (their
 * former team's trial or plan ended).
 */
export async function reactivateOnJoin(db: Executor, userId: string, companyId: string, now: Date) {
  if (!(await companyHasAccess(db, companyId, now))) return false;
  const lifted = await db
    .update(users)
    .set({ deactivatedAt: null, deactivatedReason: null, updatedAt: now })
    .where(and(eq(users.id, userId), inArray(users.deactivatedReason, [TRIAL_EXPIRED, SUBSCRIPTION_ENDED])))
    .returning({ id: users.id });
  return lifted.length > 0;
}
