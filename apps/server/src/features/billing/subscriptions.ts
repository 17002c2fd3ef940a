import { findPlan, trialDaysLeft } from '@meetwell/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { memberships, subscriptions } from '../../db/schema';
import { planOfSubscription } from './prices';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = SubscriptionRow['status'];
/** The database or a transaction on it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A company may hold several rows over time (its trial, a paid subscription, a later one): this one counts. */
const currentFirst = [
  sql`case ${subscriptions.status} when 'active' then 0 when 'past_due' then 1 when 'trialing' then 2 when 'incomplete' then 3 else 4 end`,
  desc(subscriptions.createdAt),
  asc(subscriptions.id),
];

/**
 * The subscription that decides a company's plan: a paying one first (active, then past due), else its
 * trial, else the latest. Someone without a company falls back to a subscription of their own.
 */
export async function currentSubscription(
  db: Pick<Database, 'select'>,
  owner: { companyId: string | null; userId?: string },
): Promise<SubscriptionRow | null> {
  const where = owner.companyId
    ? eq(subscriptions.companyId, owner.companyId)
    : owner.userId
      ? eq(subscriptions.userId, owner.userId)
      : null;
  if (!where) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(...currentFirst)
    .limit(1);
  return row ?? null;
}

/** Whether the subscription lets the company use the product now (a trial until its last day). */
export function isSubscriptionActive(row: SubscriptionRow, now: Date): boolean {
  if (row.status === 'active' || row.status === 'past_due') return true;
  if (row.status === 'trialing') return !row.trialEndsAt || row.trialEndsAt.getTime() > now.getTime();
  return false;
}

/** Days left of the company's trial while it is on one, counted by the domain rule; null otherwise. */
export function trialDaysLeftOf(row: SubscriptionRow | null, now: Date): number | null {
  if (row?.status !== 'trialing' || !row.trialEndsAt) return null;
  return trialDaysLeft(row.trialEndsAt, now);
}

export async function memberCountOf(db: Pick<Database, 'select'>, companyId: string | null) {
  if (!companyId) return 1;
  const [row] = await db
    .select({ members: count() })
    .from(memberships)
    .where(eq(memberships.companyId, companyId));
  return row?.members ?? 0;
}

/** The provider's statuses in our five: unpaid is past due, an expired or paused one gives no access. */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'unpaid':
      return 'past_due';
    default:
      return 'canceled';
  }
}

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The columns a provider subscription sets on our row (the plan from its price's lookup key, else our metadata). */
export function columnsFromStripe(subscription: Stripe.Subscription) {
  const periodEnds = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const plan = planOfSubscription(subscription) ?? findPlan(subscription.metadata?.plan)?.id;
  const customer = subscription.customer;
  return {
    ...(plan ? { plan } : {}),
    status: statusFromStripe(subscription.status),
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    currentPeriodEnd: periodEnds.length ? fromUnix(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(subscription.trial_end ? { trialEndsAt: fromUnix(subscription.trial_end) } : {}),
  };
}

/** Writes what the provider answered about a subscription onto its row (after a change we asked for). */
export async function storeStripeSubscription(
  db: Executor,
  rowId: string,
  subscription: Stripe.Subscription,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...columnsFromStripe(subscription), updatedAt: now })
    .where(eq(subscriptions.id, rowId))
    .returning();
  return row!;
}

/** The company's row for a provider subscription, locked for the change about to be applied. */
export async function lockSubscriptionByStripeId(db: Executor, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for('update');
  return row ?? null;
}

/** The company's own trial row (no provider subscription yet), which its first paid subscription takes over. */
export async function lockTrialRow(db: Executor, companyId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), sql`${subscriptions.stripeSubscriptionId} is null`))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}
