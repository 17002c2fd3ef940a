import { and, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { companies, invoices, stripeEvents, subscriptions } from '../../db/schema';
import { callStripe } from './parse-stripe-error';
import { requireStripe } from './stripe.client';
import {
  columnsFromStripe,
  type Executor,
  lockSubscriptionByStripeId,
  lockTrialRow,
  type SubscriptionRow,
  statusFromStripe,
} from './subscriptions';
import { deactivateUnpaidCompany, reactivateTrialExpiredUsers } from './trials';

/** What became of an event: applied, a replay of one handled before, older than what the row holds, or not ours. */
export type StripeEventOutcome = 'applied' | 'replayed' | 'stale' | 'ignored';

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function alreadyHandled(db: Executor, eventId: string) {
  const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return Boolean(row);
}

/** The subscription an event is about (itself, the checkout's, the invoice's), by id. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : null;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return subscriptionIdOfInvoice(event.data.object);
    default:
      return null;
  }
}

/**
 * The subscription as the provider holds it now, and when we read it. Null when the provider knows no such
 * subscription (not ours to apply). Read before the transaction, so no database transaction waits on it.
 */
async function readSubscription(
  ctx: AppContext,
  id: string,
): Promise<{ subscription: Stripe.Subscription; readAt: Date } | null> {
  try {
    const subscription = await requireStripe(ctx.config).subscriptions.retrieve(id);
    return { subscription, readAt: new Date() };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
      return null;
    return callStripe(() => Promise.reject(error));
  }
}

/**
 * Applies one verified webhook event. The event only says which subscription changed: its state is read from
 * the provider (the event's copy may be older than another event's delivered before it; two events of the same
 * second cannot be ordered by `created`), so the state applied is the provider's at the time of reading. A
 * state read earlier than the one a row holds is not applied over it. The event's id is recorded in the same
 * transaction as its effect, so a replay (the provider delivers at least once) is acknowledged and changes
 * nothing.
 */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<StripeEventOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  const subscriptionId = subscriptionIdOf(event);
  const read =
    subscriptionId && !(await alreadyHandled(ctx.db, event.id))
      ? await readSubscription(ctx, subscriptionId)
      : null;
  const companyHint =
    event.type === 'checkout.session.completed' ? event.data.object.client_reference_id : null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'replayed';
    let outcome: StripeEventOutcome = 'ignored';
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      outcome = await applyInvoice(tx, event.data.object, {
        failed: event.type === 'invoice.payment_failed',
      });
    }
    if (read) {
      const applied = await applySubscription(tx, read.subscription, {
        readAt: read.readAt,
        now,
        companyHint,
      });
      if (outcome === 'ignored') outcome = applied;
    }
    return outcome;
  });
}

async function companyExists(db: Executor, id: string | null | undefined) {
  if (!id || !UUID.test(id)) return null;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return company?.id ?? null;
}

async function companyOfCustomer(db: Executor, customerId: string | null) {
  if (!customerId) return null;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.stripeCustomerId, customerId));
  return company?.id ?? null;
}

/** Whose subscription this is: the checkout's client_reference_id, our metadata, else the customer's company. */
async function companyOfSubscription(db: Executor, subscription: Stripe.Subscription, hint: string | null) {
  return (
    (await companyExists(db, hint)) ??
    (await companyExists(db, subscription.metadata?.company_id)) ??
    (await companyOfCustomer(db, idOf(subscription.customer)))
  );
}

/**
 * The row a provider subscription is kept in: its own, else (first time seen) the company's trial row, which
 * a paying subscription takes over, else a new row — one not yet paid for (incomplete) leaves the trial
 * running. The company is locked first so two events of one new subscription make one row.
 */
async function rowForSubscription(
  db: Executor,
  subscription: Stripe.Subscription,
  companyHint: string | null,
): Promise<SubscriptionRow | null> {
  const known = await lockSubscriptionByStripeId(db, subscription.id);
  if (known) return known;
  const companyId = await companyOfSubscription(db, subscription, companyHint);
  if (!companyId) return null;
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const linked = await lockSubscriptionByStripeId(db, subscription.id);
  if (linked) return linked;
  const customerId = idOf(subscription.customer);
  if (customerId) {
    const [company] = await db
      .select({ customer: companies.stripeCustomerId })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company?.customer) {
      await db.update(companies).set({ stripeCustomerId: customerId }).where(eq(companies.id, companyId));
    }
  }
  const status = statusFromStripe(subscription.status);
  const paying = status === 'active' || status === 'past_due' || status === 'trialing';
  const trial = paying ? await lockTrialRow(db, companyId) : null;
  if (trial) return trial;
  const plan = columnsFromStripe(subscription).plan;
  if (!plan) return null;
  const [inserted] = await db
    .insert(subscriptions)
    .values({ companyId, plan, status: 'incomplete', stripeSubscriptionId: subscription.id })
    .returning();
  return inserted!;
}

async function applySubscription(
  db: Executor,
  subscription: Stripe.Subscription,
  options: { readAt: Date; now: Date; companyHint: string | null },
): Promise<StripeEventOutcome> {
  const row = await rowForSubscription(db, subscription, options.companyHint);
  if (!row) return 'ignored';
  if (row.stripeEventCreatedAt && options.readAt < row.stripeEventCreatedAt) return 'stale';
  const columns = columnsFromStripe(subscription);
  await db
    .update(subscriptions)
    .set({ ...columns, stripeEventCreatedAt: options.readAt, updatedAt: options.now })
    .where(eq(subscriptions.id, row.id));
  if (columns.status === 'active' && row.companyId) {
    // Paying ends the trial: a trial row left beside a subscription paid later is closed.
    await db
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: options.now })
      .where(
        and(
          eq(subscriptions.companyId, row.companyId),
          isNull(subscriptions.stripeSubscriptionId),
          eq(subscriptions.status, 'trialing'),
        ),
      );
    await reactivateTrialExpiredUsers(db, row.companyId, options.now);
  }
  if (columns.status === 'canceled' && row.companyId) {
    await deactivateUnpaidCompany(db, row.companyId, options.now);
  }
  return 'applied';
}

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  for (const line of invoice.lines?.data ?? []) {
    const id = line.parent?.subscription_item_details?.subscription;
    if (id) return id;
  }
  return null;
}

/** What the team page lists: the invoice's own description, else its first line's ("1 × Solo ..."). */
function invoiceColumns(invoice: Stripe.Invoice, failed: boolean) {
  const firstLine = invoice.lines?.data?.[0];
  return {
    description:
      invoice.description?.trim() ||
      firstLine?.description?.trim() ||
      `Invoice ${invoice.number ?? invoice.id}`,
    amount: failed ? invoice.amount_due : invoice.amount_paid,
    // The service period: a subscription's invoice covers its line's period (its own period_start is the
    // previous billing date).
    periodStart: new Date((firstLine?.period?.start ?? invoice.period_start) * 1000),
    invoicePdf: invoice.invoice_pdf ?? null,
  };
}

/** Keeps the invoice; what it did to the subscription (past due after a failed renewal) is read from it. */
async function applyInvoice(
  db: Executor,
  invoice: Stripe.Invoice,
  options: { failed: boolean },
): Promise<StripeEventOutcome> {
  const stripeSubscriptionId = subscriptionIdOfInvoice(invoice);
  const row = stripeSubscriptionId ? await lockSubscriptionByStripeId(db, stripeSubscriptionId) : null;
  const companyId = row?.companyId ?? (await companyOfCustomer(db, idOf(invoice.customer)));
  if (!companyId) return 'ignored';
  const columns = { ...invoiceColumns(invoice, options.failed), companyId, subscriptionId: row?.id ?? null };
  await db
    .insert(invoices)
    .values({ ...columns, stripeInvoiceId: invoice.id })
    .onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: columns });
  return 'applied';
}
