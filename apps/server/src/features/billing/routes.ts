import { billingEndpoints } from '@meetwell/domain';
import { desc, eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document } from '../../http/jsonapi';
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

/** Plans, the company's subscription, checkouts and invoices (docs/spec/stats-team-billing-public.md §4, §6, §7). */
export const billingRoutes: FeatureRoutes = async (app, ctx) => {
  const present = async (row: SubscriptionRow) =>
    presentSubscription(row, {
      now: ctx.now(),
      memberCount: await memberCountOf(ctx.db, row.companyId),
      billingConfigured: isBillingConfigured(ctx.config),
    });

  route(app, billingEndpoints.plans, async () => document(presentPlans()));

  route(app, billingEndpoints.subscription, async (request) => {
    const { user } = requireAuth(request);
    const row = await currentSubscription(ctx.db, { companyId: user.companyId, userId: user.id });
    return document(row ? await present(row) : null);
  });

  route(app, billingEndpoints.checkout, async (request) => {
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
  });

  route(app, billingEndpoints.billingPortal, async (request) => {
    const { user } = requireAuth(request);
    const companyId = await requireBillingAdmin(ctx.db, user, 'Only admins can change the payment method.');
    const returnPath = request.body.data.attributes.return_url;
    return document(presentBillingPortalSession(await startBillingPortal(ctx, { companyId, returnPath })));
  });

  route(app, billingEndpoints.changeSubscription, async (request) => {
    const { user } = requireAuth(request);
    const companyId = await requireBillingAdmin(ctx.db, user);
    const change = request.body.data.attributes;
    const plan = change.key === undefined ? null : purchasablePlan(change.key, '/data/attributes/key');
    requireStripe(ctx.config);
    let row = await changeableSubscription(ctx, companyId);
    if (change.cancel_at_period_end === false) row = await setCancelAtPeriodEnd(ctx, row, false);
    if (plan) row = await changePlan(ctx, { row, plan });
    return document(await present(row));
  });

  route(app, billingEndpoints.cancelSubscription, async (request) => {
    const { user } = requireAuth(request);
    const companyId = await requireBillingAdmin(ctx.db, user);
    requireStripe(ctx.config);
    const row = await changeableSubscription(ctx, companyId);
    return document(await present(await setCancelAtPeriodEnd(ctx, row, true)));
  });

  route(app, billingEndpoints.invoices, async (request) => {
    const { user } = requireAuth(request);
    const companyId = await requireBillingAdmin(ctx.db, user, 'Only admins can see the invoices.');
    const rows = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, companyId))
      .orderBy(desc(invoices.periodStart), desc(invoices.createdAt))
      .limit(500);
    return document(rows.map(presentInvoice));
  });

  await stripeWebhookRoutes(app, ctx);
};
