import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { SessionUser } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { companies } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { changePlan } from './manage-subscription';
import { callStripe } from './parse-stripe-error';
import { priceForPlan, purchasablePlan } from './prices';
import { requireStripe } from './stripe.client';
import { currentSubscription, type SubscriptionRow } from './subscriptions';

const SUCCESS_URL_POINTER = '/data/attributes/success_url';

/**
 * Where the hosted checkout sends the customer back: a path (and query) of this app, resolved against
 * APP_URL. Anything else (another site, a scheme-relative `//host`, a backslash trick) is refused, so the
 * checkout can never be made to redirect elsewhere.
 */
export function sameOriginUrl(appUrl: string, path: string, pointer = SUCCESS_URL_POINTER): string {
  const attribute = pointer.split('/').pop();
  const refuse = () =>
    new AppError('unprocessable', [
      { detail: `${attribute} must be a path of this app, such as /my/choose-plan.`, pointer },
    ]);
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path)) throw refuse();
  const base = new URL(appUrl);
  const url = new URL(path, base);
  if (url.origin !== base.origin) throw refuse();
  return url.toString();
}

/**
 * The page a paid checkout comes back to, marked `checkout=complete` so the web app knows to wait for the
 * provider's webhook (it usually lands a moment after the customer) and to say so; a cancelled checkout comes
 * back to the bare page.
 */
function withCheckoutMarker(url: string): string {
  const marked = new URL(url);
  marked.searchParams.set('checkout', 'complete');
  return marked.toString();
}

/** The company's customer at the provider, created once (an idempotency key keeps two racing checkouts to one). */
async function ensureCustomer(ctx: AppContext, stripe: Stripe, user: SessionUser, companyId: string) {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('company');
  if (company.stripeCustomerId) return company.stripeCustomerId;
  const customer = await callStripe(() =>
    stripe.customers.create(
      { name: company.name, email: user.email, metadata: { company_id: company.id } },
      { idempotencyKey: `meetwell-company-customer-${company.id}` },
    ),
  );
  const [stored] = await ctx.db
    .update(companies)
    .set({ stripeCustomerId: customer.id, updatedAt: ctx.now() })
    .where(and(eq(companies.id, company.id), isNull(companies.stripeCustomerId)))
    .returning({ id: companies.stripeCustomerId });
  if (stored?.id) return stored.id;
  const [again] = await ctx.db
    .select({ id: companies.stripeCustomerId })
    .from(companies)
    .where(eq(companies.id, company.id));
  return again?.id ?? customer.id;
}

export type CheckoutResult =
  | { kind: 'checkout'; session: { id: string; url: string | null } }
  | { kind: 'updated'; subscription: SubscriptionRow };

/**
 * Choosing a plan: a company already paying (active or past due, not a trial) has its subscription changed
 * in place; otherwise a hosted checkout in subscription mode is opened for the company's customer, tagged
 * with the company (client_reference_id) so the webhook can tie the new subscription to it.
 */
export async function startCheckout(
  ctx: AppContext,
  input: { user: SessionUser; companyId: string; key: string; successPath: string },
): Promise<CheckoutResult> {
  const plan = purchasablePlan(input.key, '/data/attributes/key');
  const successUrl = sameOriginUrl(ctx.config.appUrl, input.successPath);
  const stripe = requireStripe(ctx.config);
  const current = await currentSubscription(ctx.db, { companyId: input.companyId });
  if (current?.stripeSubscriptionId && (current.status === 'active' || current.status === 'past_due')) {
    return { kind: 'updated', subscription: await changePlan(ctx, { row: current, plan }) };
  }
  const customer = await ensureCustomer(ctx, stripe, input.user, input.companyId);
  const price = await priceForPlan(stripe, plan);
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: input.companyId,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: withCheckoutMarker(successUrl),
      cancel_url: successUrl,
      metadata: { company_id: input.companyId, plan: plan.id },
      subscription_data: { metadata: { company_id: input.companyId, plan: plan.id } },
    }),
  );
  return { kind: 'checkout', session: { id: session.id, url: session.url ?? null } };
}
