import { z } from 'zod';
import { endpoint } from './endpoint';
import type { ErrorCode } from './errors';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';

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

/** PATCH /stripe_checkout/sessions: the plan (its id) and the page of this app the checkout comes back to. */
export const checkoutAttributes = z
  .object({ key: z.string().min(1).max(64), success_url: z.string().min(1).max(2000) })
  .strict();

/** POST /billing_portal/sessions: the page of this app the portal comes back to. */
export const billingPortalAttributes = z.object({ return_url: z.string().min(1).max(2000) }).strict();

/** PATCH /subscription: another plan, or a cancelled plan re-activated (or both). */
export const subscriptionChangeAttributes = z
  .object({
    key: z.string().min(1).max(64),
    cancel_at_period_end: z.literal(false, { error: 'Send cancel_at_period_end: false to re-activate.' }),
  })
  .partial()
  .strict()
  .refine((a) => a.key !== undefined || a.cancel_at_period_end !== undefined, {
    error: 'Send key (a plan id) or cancel_at_period_end: false.',
  });

/** What a call to the payment provider may end in: no keys on this server, a declined card, the provider down. */
const PAYMENT_ERRORS = [
  'billing_not_configured',
  'payment_declined',
  'payment_provider_error',
] as const satisfies readonly ErrorCode[];

/** Plans, the company's subscription, checkouts and invoices (stats §4, §6, §7). */
export const billingEndpoints = {
  plans: endpoint({
    method: 'GET',
    path: '/api/v1/subscription_plans',
    summary: 'The plans (Trial is hidden from the chooser)',
    tags: ['billing'],
    access: 'public',
    whenDeactivated: true,
    response: { 200: subscriptionPlanListDocument },
    errors: [],
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/v1/subscription',
    summary: "The company's subscription (data null without one)",
    tags: ['billing'],
    access: 'signed_in',
    whenDeactivated: true,
    response: { 200: subscriptionDocument },
    errors: [],
  }),
  checkout: endpoint({
    method: 'PATCH',
    path: '/api/v1/stripe_checkout/sessions',
    summary: 'Choose a plan: a hosted checkout to redirect to, or the paying subscription changed in place',
    tags: ['billing'],
    access: 'team_admin',
    whenDeactivated: true,
    body: resourceBodySchema('checkout_sessions', checkoutAttributes),
    response: { 200: checkoutSessionDocument },
    errors: ['forbidden', 'not_found', 'unprocessable', 'conflict', ...PAYMENT_ERRORS],
  }),
  billingPortal: endpoint({
    method: 'POST',
    path: '/api/v1/billing_portal/sessions',
    summary: "Change the payment method: the provider's hosted billing portal to redirect to (admins)",
    tags: ['billing'],
    access: 'team_admin',
    body: resourceBodySchema('billing_portal_sessions', billingPortalAttributes),
    response: { 200: billingPortalSessionDocument },
    errors: ['forbidden', 'not_found', 'unprocessable', 'conflict', ...PAYMENT_ERRORS],
  }),
  changeSubscription: endpoint({
    method: 'PATCH',
    path: '/api/v1/subscription',
    summary: 'Change the plan (key) or re-activate a cancelled plan (cancel_at_period_end: false)',
    tags: ['billing'],
    access: 'team_admin',
    whenDeactivated: true,
    body: resourceBodySchema('subscriptions', subscriptionChangeAttributes),
    response: { 200: changedSubscriptionDocument },
    errors: ['forbidden', 'unprocessable', 'conflict', ...PAYMENT_ERRORS],
  }),
  cancelSubscription: endpoint({
    method: 'DELETE',
    path: '/api/v1/subscription',
    summary: 'Cancel: the plan ends with the paid period',
    tags: ['billing'],
    access: 'team_admin',
    whenDeactivated: true,
    response: { 200: changedSubscriptionDocument },
    errors: ['forbidden', 'conflict', ...PAYMENT_ERRORS],
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/api/v1/invoices',
    summary: "The company's invoices, newest first (admins)",
    tags: ['billing'],
    access: 'team_admin',
    whenDeactivated: true,
    response: { 200: invoiceListDocument },
    errors: ['forbidden'],
  }),
};
