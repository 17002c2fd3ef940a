import {
  billingPortalSessionDocument,
  changedSubscriptionDocument,
  checkoutSessionDocument,
  invoiceListDocument,
  subscriptionDocument,
  subscriptionPlanListDocument,
} from '@meetwell/domain';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { invoices } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document, resourceBody } from '../../http/jsonapi';
import { requireBillingAdmin } from './access';
import { startBillingPortal } from './billing-portal';
import { startCheckout } from './checkout';
import { changeableSubscription, changePlan, setCancelAtPeriodEnd } from './manage-subscription';
import {
  presentBillingPortalSession,
  presentCheckoutSession,
  presentInvoice,
  presentPlans,
  presentSubscription,
} from './presenters';
import { purchasablePlan } from './prices';
import { isBillingConfigured, requireStripe } from './stripe.client';
import { currentSubscription, memberCountOf, type SubscriptionRow } from './subscriptions';
import { stripeWebhookRoutes } from './webhook.routes';

const checkoutAttributes = z
  .object({ key: z.string().min(1).max(64), success_url: z.string().min(1).max(2000) })
  .strict();

const portalAttributes = z.object({ return_url: z.string().min(1).max(2000) }).strict();

const subscriptionChange = z
  .object({
    key: z.string().min(1).max(64),
    cancel_at_period_end: z.literal(false, { error: 'Send cancel_at_period_end: false to re-activate.' }),
  })
  .partial()
  .strict()
  .refine((a) => a.key !== undefined || a.cancel_at_period_end !== undefined, {
    error: 'Send key (a plan id) or cancel_at_period_end: false.',
  });

/** Plans, the company's subscription, checkouts and invoices (docs/spec/stats-team-billing-public.md §4, §6, §7). */
export const billingRoutes: FeatureRoutes = async (app, ctx) => {
  const present = async (row: SubscriptionRow) =>
    presentSubscription(row, {
      now: ctx.now(),
      memberCount: await memberCountOf(ctx.db, row.companyId),
      billingConfigured: isBillingConfigured(ctx.config),
    });

  app.get(
    '/api/v1/subscription_plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'The plans (Trial is hidden from the chooser)',
        response: { 200: subscriptionPlanListDocument },
      },
    },
    async () => document(presentPlans()),
  );

  app.get(
    '/api/v1/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: "The company's subscription (data null without one)",
        response: { 200: subscriptionDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await currentSubscription(ctx.db, { companyId: user.companyId, userId: user.id });
      return document(row ? await present(row) : null);
    },
  );

  app.patch(
    '/api/v1/stripe_checkout/sessions',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Choose a plan: a hosted checkout to redirect to, or the paying subscription changed in place',
        body: resourceBody('checkout_sessions', checkoutAttributes),
        response: { 200: checkoutSessionDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const companyId = await requireBillingAdmin(ctx.db, user);
      const { key, success_url } = request.body.data.attributes;
      const result = await startCheckout(ctx, { user, companyId, key, successPath: success_url });
      if (result.kind === 'checkout') return document(presentCheckoutSession(result.session));
      const subscription = await present(result.subscription);
      return {
        data: presentCheckoutSession({ id: result.subscription.id, url: null }),
        included: [subscription],
      };
    },
  );

  app.post(
    '/api/v1/billing_portal/sessions',
    {
      schema: {
        tags: ['billing'],
        summary: "Change the payment method: the provider's hosted billing portal to redirect to (admins)",
        body: resourceBody('billing_portal_sessions', portalAttributes),
        response: { 200: billingPortalSessionDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const companyId = await requireBillingAdmin(ctx.db, user, 'Only admins can change the payment method.');
      const returnPath = request.body.data.attributes.return_url;
      return document(presentBillingPortalSession(await startBillingPortal(ctx, { companyId, returnPath })));
    },
  );

  app.patch(
    '/api/v1/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'Change the plan (key) or re-activate a cancelled plan (cancel_at_period_end: false)',
        body: resourceBody('subscriptions', subscriptionChange),
        response: { 200: changedSubscriptionDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const companyId = await requireBillingAdmin(ctx.db, user);
      const change = request.body.data.attributes;
      const plan = change.key === undefined ? null : purchasablePlan(change.key, '/data/attributes/key');
      requireStripe(ctx.config);
      let row = await changeableSubscription(ctx, companyId);
      if (change.cancel_at_period_end === false) row = await setCancelAtPeriodEnd(ctx, row, false);
      if (plan) row = await changePlan(ctx, { row, plan });
      return document(await present(row));
    },
  );

  app.delete(
    '/api/v1/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel: the plan ends with the paid period',
        response: { 200: changedSubscriptionDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const companyId = await requireBillingAdmin(ctx.db, user);
      requireStripe(ctx.config);
      const row = await changeableSubscription(ctx, companyId);
      return document(await present(await setCancelAtPeriodEnd(ctx, row, true)));
    },
  );

  app.get(
    '/api/v1/invoices',
    {
      schema: {
        tags: ['billing'],
        summary: "The company's invoices, newest first (admins)",
        response: { 200: invoiceListDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const companyId = await requireBillingAdmin(ctx.db, user, 'Only admins can see the invoices.');
      const rows = await ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.companyId, companyId))
        .orderBy(desc(invoices.periodStart), desc(invoices.createdAt))
        .limit(500);
      return document(rows.map(presentInvoice));
    },
  );

  await stripeWebhookRoutes(app, ctx);
};
