import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** GET /subscription_plans: every plan (the chooser hides those with hideFromDisplay). */
export const subscriptionPlanAttributes = z.object({
  /** Dollars per month. */
  amount: z.number(),
  name: z.string(),
  emoji: z.string(),
  /** The line under the name. */
  sub: z.string(),
  hideFromDisplay: z.boolean(),
  /** Set up with us only: the chooser says "contact us". */
  contact_us: z.boolean(),
});
export type SubscriptionPlanAttributes = z.infer<typeof subscriptionPlanAttributes>;
export const subscriptionPlanListDocument = documentSchema(
  z.array(resourceSchema('subscription_plans', subscriptionPlanAttributes)),
);

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The company's subscription (GET, PATCH and DELETE /subscription, and a checkout changed in place). */
export const subscriptionAttributes = z.object({
  /** A plan id: trial, team-500, team-5000. */
  plan: z.string(),
  active: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_end: instantSchema.nullable(),
  cancel_at_period_end: z.boolean(),
  trial_ends_at: instantSchema.nullable(),
  trial_days_left: z.number().nullable(),
  has_many_members: z.boolean(),
  /** The server has payment keys: checkouts can start. */
  billing_configured: z.boolean(),
});
export type SubscriptionAttributes = z.infer<typeof subscriptionAttributes>;
export const subscriptionResource = resourceSchema('subscriptions', subscriptionAttributes);
/** GET /subscription: data is null for a company (or person) without one. */
export const subscriptionDocument = documentSchema(subscriptionResource.nullable());
/** PATCH and DELETE /subscription: the subscription as changed. */
export const changedSubscriptionDocument = documentSchema(subscriptionResource);

/**
 * PATCH /stripe_checkout/sessions: the hosted checkout to send the browser to, or (url null) the paying
 * subscription changed in place, then included.
 */
export const checkoutSessionDocument = z.object({
  data: resourceSchema('checkout_sessions', z.object({ url: z.string().nullable() })),
  included: z.array(subscriptionResource).optional(),
});

/** POST /billing_portal/sessions: the provider's billing portal to send the browser to. */
export const billingPortalSessionDocument = documentSchema(
  resourceSchema('billing_portal_sessions', z.object({ url: z.string() })),
);

/** GET /invoices: the company's invoices, newest first. */
export const invoiceAttributes = z.object({
  description: z.string(),
  /** Unix seconds. */
  period_start: z.number(),
  invoice_pdf: z.string().nullable(),
  /** Cents, as the provider bills. */
  amount: z.number(),
});
export type InvoiceAttributes = z.infer<typeof invoiceAttributes>;
export const invoiceListDocument = documentSchema(z.array(resourceSchema('invoices', invoiceAttributes)));
