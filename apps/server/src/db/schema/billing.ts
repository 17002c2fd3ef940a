import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] }).notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEndsAt: ts('trial_ends_at'),
    /** The `created` time of the last provider event applied: an older event arriving late changes nothing. */
    stripeEventCreatedAt: ts('stripe_event_created_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_company_idx').on(t.companyId),
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_stripe_idx').on(t.stripeSubscriptionId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    stripeInvoiceId: text('stripe_invoice_id'),
    description: text('description').notNull(),
    amount: integer('amount').notNull().default(0),
    periodStart: ts('period_start').notNull(),
    invoicePdf: text('invoice_pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId),
    uniqueIndex('invoices_stripe_idx').on(t.stripeInvoiceId),
  ],
);

/** Card payment provider webhook events already handled: a replayed event is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
