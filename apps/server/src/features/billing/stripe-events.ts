import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
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

/**
 * Applies one verified webhook event. The event's id is recorded in the same transaction as its effect, so
 * a replay (the provider delivers at least once) is acknowledged and changes nothing; an event older than
 * the last one applied to its subscription (delivery order is not guaranteed) is recorded and ignored.
 */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<StripeEventOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  // The session names its subscription only by id: it is read before the transaction, so no database
  // transaction waits on the provider.
  let checkedOut: { subscription: Stripe.Subscription; companyHint: string | null } | null = null;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const subscription = session.subscription;
    if (session.mode === 'subscription' && subscription && !(await alreadyHandled(ctx.db, event.id))) {
      checkedOut = {
        subscription:
          typeof subscription === 'string'
            ? await callStripe(() => requireStripe(ctx.config).subscriptions.retrieve(subscription))
            : subscription,
        companyHint: session.client_reference_id,
      };
    }
  }
  const created = new Date(event.created * 1000);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'replayed';
    switch (event.type) {
      case 'checkout.session.completed':
        return checkedOut
          ? applySubscription(tx, checkedOut.subscription, { created, now, ...checkedOut })
          : 'ignored';
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return applySubscription(tx, event.data.object, { created, now, companyHint: null });
      case 'invoice.paid':
        return applyInvoice(tx, event.data.object, { created, now, failed: false });
      case 'invoice.payment_failed':
        return applyInvoice(tx, event.data.object, { created, now, failed: true });
      default:
        return 'ignored';
    }
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
  options: { created: Date; now: Date; companyHint: string | null },
): Promise<StripeEventOutcome> {
  const row = await rowForSubscription(db, subscription, options.companyHint);
  if (!row) return 'ignored';
  if (row.stripeEventCreatedAt && options.created < row.stripeEventCreatedAt) return 'stale';
  const columns = columnsFromStripe(subscription);
  await db
    .update(subscriptions)
    .set({ ...columns, stripeEventCreatedAt: options.created, updatedAt: options.now })
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

async function applyInvoice(
  db: Executor,
  invoice: Stripe.Invoice,
  options: { created: Date; now: Date; failed: boolean },
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
  // A renewal that fails makes a paying subscription past due; a first payment that fails leaves it incomplete.
  if (options.failed && row && (row.status === 'active' || row.status === 'past_due')) {
    if (row.stripeEventCreatedAt && options.created < row.stripeEventCreatedAt) return 'stale';
    await db
      .update(subscriptions)
      .set({ status: 'past_due', stripeEventCreatedAt: options.created, updatedAt: options.now })
      .where(eq(subscriptions.id, row.id));
  }
  return 'applied';
}
