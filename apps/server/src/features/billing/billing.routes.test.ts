import {
  billingPortalSessionDocument,
  changedSubscriptionDocument,
  checkoutSessionDocument,
  invoiceListDocument,
  subscriptionDocument,
  subscriptionPlanListDocument,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { companies, subscriptions } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, browserFor, createUser } from '../../test/factories';
import { billingRoutes } from './routes';
import { type FakeStripeServer, startFakeStripeServer, stripeErrors } from './testing/fake-stripe-server';
import { sendStripeEvent, stripeEvent, TEST_WEBHOOK_SECRET } from './testing/stripe-webhooks';

const APP_URL = 'https://app.meetwell.test';

/** The answer is the API contract's document: parsing it (which drops unknown keys) gives it back whole. */
function expectContract(schema: z.ZodType, res: { body: string }) {
  const body: unknown = JSON.parse(res.body);
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(body);
}
let fake: FakeStripeServer;
let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  ctx = await createTestContext({
    APP_URL,
    STRIPE_SECRET_KEY: 'sk_test_meetwell',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  app = await createTestApp(ctx, [billingRoutes]);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.addPrice('team-500', 500);
  fake.addPrice('team-5000', 5000);
});

const checkoutBody = (key: string, successUrl = '/my/choose-plan?from=header') => ({
  data: { type: 'checkout_sessions', attributes: { key, success_url: successUrl } },
});
const checkout = (headers: Record<string, string>, key = 'team-500', successUrl?: string) =>
  app.inject({
    method: 'PATCH',
    url: '/api/v1/stripe_checkout/sessions',
    headers,
    payload: checkoutBody(key, successUrl),
  });

async function admin() {
  const user = await createUser(ctx);
  return { user, headers: await bearerFor(ctx, user.id) };
}

/** An admin whose company pays for Solo: checkout, paid on the hosted page, the webhook delivered. */
/** Sets the price of the provider's subscription item, as a change made at the provider would. */
function setProviderPlan(subscriptionId: string, lookupKey: string) {
  const items = fake.subscriptions.get(subscriptionId)!.items as { data: { price: unknown }[] };
  items.data[0]!.price = fake.addPrice(lookupKey, lookupKey === 'team-5000' ? 5000 : 500);
}

async function payingAdmin() {
  const owner = await admin();
  const started = await checkout(owner.headers);
  const { session } = fake.completeCheckout(started.json().data.id);
  const delivered = await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
  expect(delivered.statusCode).toBe(200);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, owner.user.companyId!));
  return { ...owner, subscriptionId: String(session.subscription), customerId: company!.stripeCustomerId! };
}

describe('GET subscription_plans', () => {
  it('lists the three plans with the chooser attributes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/subscription_plans' });
    expect(res.statusCode).toBe(200);
    expectContract(subscriptionPlanListDocument, res);
    const plans = res.json().data;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['trial', 'team-500', 'team-5000']);
    expect(plans[1]).toMatchObject({
      type: 'subscription_plans',
      attributes: {
        amount: 5,
        name: 'Solo',
        emoji: '🧘',
        sub: 'Just you',
        hideFromDisplay: false,
        contact_us: false,
      },
    });
    expect(plans[0].attributes.hideFromDisplay).toBe(true);
    expect(plans[2].attributes.contact_us).toBe(true);
  });
});

describe('GET subscription', () => {
  it("is the company's trial for every member, with the days left counted from the company's trial", async () => {
    const owner = await admin();
    const later = new Date(Date.now() + 5 * 86_400_000);
    ctx.setNow(later);
    try {
      const member = await createUser(ctx, { companyOf: owner.user });
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/subscription',
        headers: await bearerFor(ctx, member.id),
      });
      expect(res.statusCode).toBe(200);
      expectContract(subscriptionDocument, res);
      expect(res.json().data).toMatchObject({
        type: 'subscriptions',
        attributes: {
          plan: 'trial',
          status: 'trialing',
          active: true,
          cancel_at_period_end: false,
          trial_days_left: 9,
          has_many_members: true,
          billing_configured: true,
        },
      });
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('PATCH stripe_checkout/sessions', () => {
  it('opens a subscription checkout for the company, creating its customer once', async () => {
    const owner = await admin();
    const first = await checkout(owner.headers);
    expect(first.statusCode).toBe(200);
    expectContract(checkoutSessionDocument, first);
    expect(first.json().data).toMatchObject({
      type: 'checkout_sessions',
      attributes: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) },
    });
    const [created] = fake.requestsFor('checkout.sessions.create');
    const [customer] = [...fake.customers.values()];
    expect(created!.params).toMatchObject({
      mode: 'subscription',
      customer: customer!.id,
      client_reference_id: owner.user.companyId,
      success_url: `${APP_URL}/my/choose-plan?from=header&checkout=complete`,
      cancel_url: `${APP_URL}/my/choose-plan?from=header`,
      line_items: [{ price: expect.stringMatching(/^price_/), quantity: '1' }],
    });
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, owner.user.companyId!));
    expect(company!.stripeCustomerId).toBe(customer!.id);

    const again = await checkout(owner.headers);
    expect(again.statusCode).toBe(200);
    expect(fake.requestsFor('customers.create')).toHaveLength(1);
    expect(fake.requestsFor('checkout.sessions.create')[1]!.params.customer).toBe(customer!.id);
  });

  it('refuses a success_url that is not a path of this app (422), before calling the provider', async () => {
    const owner = await admin();
    for (const url of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'my/plans',
      'javascript:alert(1)',
    ]) {
      const res = await checkout(owner.headers, 'team-500', url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        code: 'unprocessable',
        source: { pointer: '/data/attributes/success_url' },
      });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses the contact-us Team plan, the trial and unknown plans (422)', async () => {
    const owner = await admin();
    for (const key of ['team-5000', 'trial', 'gold']) {
      const res = await checkout(owner.headers, key);
      expect(res.statusCode, key).toBe(422);
      expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/key' });
    }
    expect((await checkout(owner.headers, 'team-5000')).json().errors[0].detail).toMatch(/contact us/);
  });

  it('is for admins only (403 for a member)', async () => {
    const owner = await admin();
    const member = await createUser(ctx, { companyOf: owner.user });
    const res = await checkout(await bearerFor(ctx, member.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].detail).toBe('Only admins can choose a plan.');
    expect(fake.requests).toHaveLength(0);
  });

  it('needs the CSRF token from a browser session', async () => {
    const owner = await admin();
    const { 'x-csrf-token': _token, ...withoutToken } = await browserFor(ctx, owner.user.id);
    expect((await checkout(withoutToken)).statusCode).toBe(403);
  });

  it('with a paying subscription changes its plan in place and includes it (url null)', async () => {
    const owner = await payingAdmin();
    // The company pays for Team (set up with us): choosing Solo moves its item to Solo's price.
    setProviderPlan(owner.subscriptionId, 'team-5000');
    const res = await checkout(owner.headers, 'team-500');
    expect(res.statusCode).toBe(200);
    expectContract(checkoutSessionDocument, res);
    expect(res.json().data.attributes.url).toBeNull();
    expect(res.json().included[0]).toMatchObject({
      type: 'subscriptions',
      attributes: { plan: 'team-500', status: 'active', active: true },
    });
    expect(fake.requestsFor('checkout.sessions.create')).toHaveLength(1);
    expect(fake.requestsFor('subscriptions.update')).toHaveLength(1);
  });

  it('says a declined card as 402 and a provider failure as 502, never 500', async () => {
    const owner = await admin();
    fake.failNext('checkout.sessions.create', stripeErrors.cardDeclined());
    const declined = await checkout(owner.headers);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors[0]).toMatchObject({
      code: 'payment_declined',
      detail: 'Your card was declined.',
    });

    fake.failNext('customers.create', stripeErrors.apiError());
    const other = await admin();
    const failed = await checkout(other.headers);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().errors[0]).toMatchObject({
      code: 'payment_provider_error',
      detail: expect.stringMatching(/payment provider/),
    });

    fake.failNext('prices.list', stripeErrors.rateLimited(7));
    const throttled = await checkout(owner.headers);
    expect(throttled.statusCode).toBe(502);
    expect(throttled.headers['retry-after']).toBe('7');
  });

  it('without a price for the plan says billing is not configured (409)', async () => {
    fake.reset();
    const owner = await admin();
    const res = await checkout(owner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({
      code: 'billing_not_configured',
      detail: expect.stringMatching(/lookup key "team-500"/),
    });
  });
});

describe('POST billing_portal/sessions', () => {
  const portal = (headers: Record<string, string>, returnUrl = '/my/account') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/billing_portal/sessions',
      headers,
      payload: { data: { type: 'billing_portal_sessions', attributes: { return_url: returnUrl } } },
    });

  it("opens the provider's billing portal for the company's customer, coming back to the page", async () => {
    const owner = await payingAdmin();
    const answer = await portal(owner.headers, '/my/account?tab=plan');
    expect(answer.statusCode).toBe(200);
    expectContract(billingPortalSessionDocument, answer);
    expect(answer.json().data).toMatchObject({
      type: 'billing_portal_sessions',
      attributes: { url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) },
    });
    const [created] = fake.requestsFor('billingPortal.sessions.create');
    expect(created!.params).toEqual({
      customer: owner.customerId,
      return_url: `${APP_URL}/my/account?tab=plan`,
    });
    // Changing the card creates no checkout and no second customer.
    expect(fake.requestsFor('checkout.sessions.create')).toHaveLength(1);
    expect(fake.requestsFor('customers.create')).toHaveLength(1);
  });

  it('says there is no card on file yet (409) for a company that never checked out', async () => {
    const owner = await admin();
    const answer = await portal(owner.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].detail).toBe('There is no card on file yet. Choose a plan to add one.');
    expect(fake.requestsFor('billingPortal.sessions.create')).toHaveLength(0);
  });

  it('refuses a return_url of another site (422) and members (403)', async () => {
    const owner = await payingAdmin();
    const elsewhere = await portal(owner.headers, 'https://evil.example/');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors[0].source.pointer).toBe('/data/attributes/return_url');
    const member = await createUser(ctx, { companyOf: owner.user });
    expect((await portal(await bearerFor(ctx, member.id))).statusCode).toBe(403);
    expect(fake.requestsFor('billingPortal.sessions.create')).toHaveLength(0);
  });

  it('says a provider failure as 502, never 500', async () => {
    const owner = await payingAdmin();
    fake.failNext('billingPortal.sessions.create', stripeErrors.apiError());
    const answer = await portal(owner.headers);
    expect(answer.statusCode).toBe(502);
  });
});

describe('PATCH and DELETE subscription', () => {
  const patch = (headers: Record<string, string>, attributes: Record<string, unknown>) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/subscription',
      headers,
      payload: { data: { type: 'subscriptions', attributes } },
    });

  it('cancels at the period end, then re-activates, at the provider and in the answer', async () => {
    const owner = await payingAdmin();
    const cancelled = await app.inject({
      method: 'DELETE',
      url: '/api/v1/subscription',
      headers: owner.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expectContract(changedSubscriptionDocument, cancelled);
    expect(cancelled.json().data.attributes).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: expect.any(String),
    });
    expect(fake.subscriptions.get(owner.subscriptionId)!.cancel_at_period_end).toBe(true);

    const reactivated = await patch(owner.headers, { cancel_at_period_end: false });
    expect(reactivated.statusCode).toBe(200);
    expectContract(changedSubscriptionDocument, reactivated);
    expect(reactivated.json().data.attributes.cancel_at_period_end).toBe(false);
    expect(fake.subscriptions.get(owner.subscriptionId)!.cancel_at_period_end).toBe(false);
  });

  it('changes the plan by moving the subscription item to the new price', async () => {
    const owner = await payingAdmin();
    setProviderPlan(owner.subscriptionId, 'team-5000');
    const moved = await patch(owner.headers, { key: 'team-500' });
    expect(moved.statusCode).toBe(200);
    expectContract(changedSubscriptionDocument, moved);
    const [update] = fake.requestsFor('subscriptions.update');
    expect(update!.params).toMatchObject({
      items: [{ id: expect.stringMatching(/^si_/), price: expect.stringMatching(/^price_/) }],
      proration_behavior: 'create_prorations',
    });
    expect(moved.json().data.attributes.plan).toBe('team-500');
  });

  it('choosing the plan the provider already holds changes nothing there and puts our row right', async () => {
    const owner = await payingAdmin();
    await ctx.db
      .update(subscriptions)
      .set({ plan: 'team-5000' })
      .where(eq(subscriptions.stripeSubscriptionId, owner.subscriptionId));
    const same = await patch(owner.headers, { key: 'team-500' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.attributes.plan).toBe('team-500');
    expect(fake.requestsFor('subscriptions.update')).toHaveLength(0);
  });

  it('answers 409 when there is no paid plan to change (a trial), and 403 for members', async () => {
    const owner = await admin();
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/subscription', headers: owner.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('conflict');
    const member = await createUser(ctx, { companyOf: owner.user });
    const refused = await patch(await bearerFor(ctx, member.id), { cancel_at_period_end: false });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a body with neither a plan nor the re-activation (400)', async () => {
    const owner = await payingAdmin();
    expect((await patch(owner.headers, {})).statusCode).toBe(400);
    expect((await patch(owner.headers, { cancel_at_period_end: true })).statusCode).toBe(400);
  });

  it('says a provider failure while cancelling as 502 and keeps the stored state', async () => {
    const owner = await payingAdmin();
    fake.failNext('subscriptions.update', stripeErrors.apiError());
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/subscription', headers: owner.headers });
    expect(res.statusCode).toBe(502);
    const [row] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, owner.subscriptionId));
    expect(row!.cancelAtPeriodEnd).toBe(false);
  });
});

describe('GET invoices', () => {
  it("lists the company's invoices kept by the webhook, for admins only", async () => {
    const owner = await payingAdmin();
    const empty = await app.inject({ method: 'GET', url: '/api/v1/invoices', headers: owner.headers });
    expect(empty.json().data).toEqual([]);
    const invoice = fake.invoiceFor(owner.subscriptionId);
    expect((await sendStripeEvent(app, stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/v1/invoices', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expectContract(invoiceListDocument, res);
    const line = (invoice.lines as { data: { description: string; period: { start: number } }[] }).data[0]!;
    expect(res.json().data).toEqual([
      {
        type: 'invoices',
        id: expect.any(String),
        attributes: {
          description: line.description,
          period_start: line.period.start,
          invoice_pdf: invoice.invoice_pdf,
          amount: 500,
        },
      },
    ]);
    const member = await createUser(ctx, { companyOf: owner.user });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/invoices',
      headers: await bearerFor(ctx, member.id),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('without payment keys (the embedded default)', () => {
  let bare: TestContext;
  let bareApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    bare = await createTestContext({ APP_URL });
    bareApp = await createTestApp(bare, [billingRoutes]);
  });
  afterAll(async () => {
    await bareApp.close();
    await bare.close();
  });

  it('reads plans and the trial, and says billing is not configured for every change (409)', async () => {
    const user = await createUser(bare);
    const headers = await bearerFor(bare, user.id);
    const subscription = await bareApp.inject({ method: 'GET', url: '/api/v1/subscription', headers });
    expect(subscription.statusCode).toBe(200);
    expect(subscription.json().data.attributes).toMatchObject({ plan: 'trial', billing_configured: false });
    expect((await bareApp.inject({ method: 'GET', url: '/api/v1/subscription_plans' })).statusCode).toBe(200);
    expect((await bareApp.inject({ method: 'GET', url: '/api/v1/invoices', headers })).json().data).toEqual(
      [],
    );

    const requests = [
      {
        method: 'PATCH' as const,
        url: '/api/v1/stripe_checkout/sessions',
        payload: checkoutBody('team-500'),
      },
      {
        method: 'PATCH' as const,
        url: '/api/v1/subscription',
        payload: { data: { type: 'subscriptions', attributes: { cancel_at_period_end: false } } },
      },
      { method: 'DELETE' as const, url: '/api/v1/subscription' },
      {
        method: 'POST' as const,
        url: '/api/v1/billing_portal/sessions',
        payload: { data: { type: 'billing_portal_sessions', attributes: { return_url: '/my/account' } } },
      },
    ];
    for (const request of requests) {
      const res = await bareApp.inject({ ...request, headers });
      expect(res.statusCode, request.url).toBe(409);
      expect(res.json().errors[0]).toMatchObject({
        code: 'billing_not_configured',
        detail: 'Billing is not configured on this server.',
      });
    }
    const webhook = await sendStripeEvent(bareApp, stripeEvent('invoice.paid', { id: 'in_1' }));
    expect(webhook.statusCode).toBe(409);
  });
});
