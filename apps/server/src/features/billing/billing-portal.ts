import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { companies } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { sameOriginUrl } from './checkout';
import { callStripe } from './parse-stripe-error';
import { requireStripe } from './stripe.client';

const NO_CARD_ON_FILE = 'There is no card on file yet. Choose a plan to add one.';

/**
 * Changing the payment method: a session of the provider's hosted billing portal for the company's customer,
 * which comes back to `returnPath` (a path of this app). The card is never seen by this server. A company that
 * never checked out has no customer and so no card to change: 409, and the web app offers the plans.
 */
export async function startBillingPortal(
  ctx: AppContext,
  input: { companyId: string; returnPath: string },
): Promise<{ id: string; url: string }> {
  const returnUrl = sameOriginUrl(ctx.config.appUrl, input.returnPath, '/data/attributes/return_url');
  const stripe = requireStripe(ctx.config);
  const [company] = await ctx.db
    .select({ customer: companies.stripeCustomerId })
    .from(companies)
    .where(eq(companies.id, input.companyId));
  if (!company) throw notFound('company');
  if (!company.customer) throw new AppError('conflict', NO_CARD_ON_FILE);
  const customer = company.customer;
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { id: session.id, url: session.url };
}
