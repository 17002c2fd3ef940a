import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, invoices, stripeEvents, subscriptions, users } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { billingRoutes } from './routes';
import { type FakeStripeServer, startFakeStripeServer, stripeErrors } from './testing/fake-stripe-server';
import { sendStripeEvent, stripeEvent, TEST_WEBHOOK_SECRET } from './testing/stripe-webhooks';
import { expireTrials } from './trials';

let fake: FakeStripeServer;
let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  ctx = await createTestContext({
    APP_URL: 'https://app.meetwell.test',
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

const DAY = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** What the provider holds for the subscription from now on (events only name it; its state is read there). */
function atStripe(subscription: Record<string, unknown>, changes: Record<string, unknown>) {
  const held = fake.subscriptions.get(String(subscription.id))!;
  Object.assign(held, changes);
  return { ...held };
}

/** A company whose trial ended (its admin and a member deactivated by the hourly job), with a checkout open. */
async function expiredTrialWithCheckout() {
  const admin = await createUser(ctx);
  const member = await createUser(ctx, { companyOf: admin });
  await ctx.db
    .update(subscriptions)
    .set({ trialEndsAt: new Date(Date.now() - DAY) })
    .where(eq(subscriptions.companyId, admin.companyId!));
  await expireTrials(ctx.db, new Date());
  const headers = await bearerFor(ctx, admin.id);
  const started = await app.inject({
    method: 'PATCH',
    url: '/api/v1/stripe_checkout/sessions',
    headers,
    payload: { data: { type: 'checkout_sessions', attributes: { key: 'team-500', success_url: '/my' } } },
  });
  expect(started.statusCode).toBe(200);
  return { admin, member, headers, sessionId: started.json().data.id as string };
}

const companyRows = (companyId: string) =>
  ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
const userRow = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /webhooks/stripe', () => {
  it('checkout completed: the company pays for Solo and its trial-expired members are let back in', async () => {
    const { admin, member, headers, sessionId } = await expiredTrialWithCheckout();
    expect((await userRow(member.id)).deactivatedReason).toBe('trial_expired');
    const { session, subscription } = fake.completeCheckout(sessionId);

    const res = await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, outcome: 'applied' });

    const rows = await companyRows(admin.companyId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      plan: 'team-500',
      status: 'active',
      stripeSubscriptionId: subscription.id,
      cancelAtPeriodEnd: false,
    });
    expect(rows[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 20 * DAY);
    for (const id of [admin.id, member.id]) {
      expect(await userRow(id)).toMatchObject({ deactivatedAt: null, deactivatedReason: null });
    }
    const shown = await app.inject({ method: 'GET', url: '/api/v1/subscription', headers });
    expect(shown.json().data.attributes).toMatchObject({ plan: 'team-500', status: 'active', active: true });
  });

  it('lets back in only the members the trial deactivated', async () => {
    const { admin, member, sessionId } = await expiredTrialWithCheckout();
    await ctx.db.update(users).set({ deactivatedReason: 'other' }).where(eq(users.id, member.id));
    const { session } = fake.completeCheckout(sessionId);
    await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
    expect((await userRow(admin.id)).deactivatedAt).toBeNull();
    expect((await userRow(member.id)).deactivatedReason).toBe('other');
  });

  it('a replayed event is acknowledged and changes nothing', async () => {
    const { admin, sessionId } = await expiredTrialWithCheckout();
    const { subscription } = fake.completeCheckout(sessionId);
    const cancelling = stripeEvent(
      'customer.subscription.updated',
      atStripe(subscription, { cancel_at_period_end: true }),
    );
    expect((await sendStripeEvent(app, cancelling)).json().outcome).toBe('applied');
    const renewing = stripeEvent(
      'customer.subscription.updated',
      atStripe(subscription, { cancel_at_period_end: false }),
    );
    expect((await sendStripeEvent(app, renewing)).json().outcome).toBe('applied');

    const replay = await sendStripeEvent(app, cancelling);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('replayed');
    const [row] = await companyRows(admin.companyId!);
    expect(row!.cancelAtPeriodEnd).toBe(false);
    const recorded = await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, cancelling.id));
    expect(recorded).toHaveLength(1);
  });

  it('applies what the provider reports, whatever the order of events of the same second', async () => {
    for (const order of [
      ['customer.subscription.deleted', 'customer.subscription.updated'],
      ['customer.subscription.updated', 'customer.subscription.deleted'],
    ]) {
      const { admin, sessionId } = await expiredTrialWithCheckout();
      const { session, subscription } = fake.completeCheckout(sessionId);
      await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
      // The provider ended it; of the two events of that second, the update's copy still says active.
      const second = seconds(new Date()) + 5;
      const copies: Record<string, unknown> = {
        'customer.subscription.updated': { ...subscription, status: 'active' },
        'customer.subscription.deleted': atStripe(subscription, { status: 'canceled', ended_at: second }),
      };
      for (const type of order) {
        const res = await sendStripeEvent(app, stripeEvent(type, copies[type], { created: second }));
        expect(res.statusCode).toBe(200);
      }
      const [row] = await companyRows(admin.companyId!);
      expect(row!.status, order.join(' then ')).toBe('canceled');
      expect(await userRow(admin.id), order.join(' then ')).toMatchObject({
        deactivatedReason: 'subscription_ended',
      });
    }
  });

  it('ends active when the provider reports active, whichever of two same-second updates comes last', async () => {
    for (const last of ['past_due', 'active']) {
      const { admin, sessionId } = await expiredTrialWithCheckout();
      const { session, subscription } = fake.completeCheckout(sessionId);
      await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
      const second = seconds(new Date()) + 5;
      const pastDue = stripeEvent(
        'customer.subscription.updated',
        { ...subscription, status: 'past_due' },
        {
          created: second,
        },
      );
      const paid = stripeEvent(
        'customer.subscription.updated',
        atStripe(subscription, { status: 'active' }),
        {
          created: second,
        },
      );
      for (const event of last === 'active' ? [pastDue, paid] : [paid, pastDue]) {
        await sendStripeEvent(app, event);
      }
      const [row] = await companyRows(admin.companyId!);
      expect(row!.status, `${last} delivered last`).toBe('active');
    }
  });

  it('subscription.created before checkout.session.completed makes one row, found by the customer', async () => {
    const { admin, sessionId } = await expiredTrialWithCheckout();
    const { session, subscription } = fake.completeCheckout(sessionId);
    const withoutOurMetadata = { ...subscription, metadata: {} };
    const created = await sendStripeEvent(
      app,
      stripeEvent('customer.subscription.created', withoutOurMetadata),
    );
    expect(created.json().outcome).toBe('applied');
    await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
    const rows = await companyRows(admin.companyId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', stripeSubscriptionId: subscription.id });
  });

  it('a subscription not yet paid for (incomplete) leaves the trial running; once active it ends the trial', async () => {
    const admin = await createUser(ctx);
    const headers = await bearerFor(ctx, admin.id);
    const started = await app.inject({
      method: 'PATCH',
      url: '/api/v1/stripe_checkout/sessions',
      headers,
      payload: { data: { type: 'checkout_sessions', attributes: { key: 'team-500', success_url: '/my' } } },
    });
    const { subscription } = fake.completeCheckout(started.json().data.id);
    const t = seconds(new Date());
    const incomplete = atStripe(subscription, { status: 'incomplete' });
    await sendStripeEvent(app, stripeEvent('customer.subscription.created', incomplete, { created: t }));
    const during = await app.inject({ method: 'GET', url: '/api/v1/subscription', headers });
    expect(during.json().data.attributes).toMatchObject({ plan: 'trial', status: 'trialing', active: true });
    expect(during.json().data.attributes.trial_days_left).toBe(14);

    await sendStripeEvent(
      app,
      stripeEvent('customer.subscription.updated', atStripe(subscription, { status: 'active' }), {
        created: t + 1,
      }),
    );
    const rows = await companyRows(admin.companyId!);
    expect(rows.map((r) => [r.plan, r.status]).sort()).toEqual([
      ['team-500', 'active'],
      ['trial', 'canceled'],
    ]);
    const after = await app.inject({ method: 'GET', url: '/api/v1/subscription', headers });
    expect(after.json().data.attributes).toMatchObject({
      plan: 'team-500',
      status: 'active',
      trial_days_left: null,
    });
  });

  it('subscription.deleted ends the plan (canceled, no longer active) and sends its members to the plan chooser', async () => {
    const { admin, member, headers, sessionId } = await expiredTrialWithCheckout();
    const { session, subscription } = fake.completeCheckout(sessionId);
    await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
    const ended = atStripe(subscription, { status: 'canceled', ended_at: seconds(new Date()) });
    const res = await sendStripeEvent(
      app,
      stripeEvent('customer.subscription.deleted', ended, { created: seconds(new Date()) + 1 }),
    );
    expect(res.json().outcome).toBe('applied');
    const [row] = await companyRows(admin.companyId!);
    expect(row!.status).toBe('canceled');
    const shown = await app.inject({ method: 'GET', url: '/api/v1/subscription', headers });
    expect(shown.json().data.attributes).toMatchObject({ status: 'canceled', active: false });
    // Nothing pays any more: the members are deactivated (their plan gates close with it).
    for (const id of [admin.id, member.id]) {
      expect(await userRow(id)).toMatchObject({ deactivatedReason: 'subscription_ended' });
    }

    // Paying again lets them back in.
    const again = await app.inject({
      method: 'PATCH',
      url: '/api/v1/stripe_checkout/sessions',
      headers,
      payload: { data: { type: 'checkout_sessions', attributes: { key: 'team-500', success_url: '/my' } } },
    });
    const renewed = fake.completeCheckout(again.json().data.id as string);
    await sendStripeEvent(
      app,
      stripeEvent('checkout.session.completed', renewed.session, { created: seconds(new Date()) + 2 }),
    );
    for (const id of [admin.id, member.id]) {
      expect(await userRow(id)).toMatchObject({ deactivatedAt: null, deactivatedReason: null });
    }
  });

  it('invoice.payment_failed keeps the invoice and makes a paying subscription past due', async () => {
    const { admin, sessionId } = await expiredTrialWithCheckout();
    const { session, subscription } = fake.completeCheckout(sessionId);
    await sendStripeEvent(app, stripeEvent('checkout.session.completed', session));
    const invoice = fake.invoiceFor(String(subscription.id), { paid: false });
    atStripe(subscription, { status: 'past_due' });
    const failed = stripeEvent('invoice.payment_failed', invoice, { created: seconds(new Date()) + 5 });
    expect((await sendStripeEvent(app, failed)).json().outcome).toBe('applied');
    const [row] = await companyRows(admin.companyId!);
    expect(row!.status).toBe('past_due');
    const kept = await ctx.db.select().from(invoices).where(eq(invoices.companyId, admin.companyId!));
    expect(kept).toEqual([
      expect.objectContaining({ stripeInvoiceId: invoice.id, amount: 500, subscriptionId: row!.id }),
    ]);
    // Paid later: the same invoice row, now with what was paid.
    await sendStripeEvent(app, stripeEvent('invoice.paid', { ...invoice, amount_paid: 500, status: 'paid' }));
    const after = await ctx.db.select().from(invoices).where(eq(invoices.companyId, admin.companyId!));
    expect(after).toHaveLength(1);
  });

  it('refuses a bad signature (400) and applies nothing', async () => {
    const { admin, sessionId } = await expiredTrialWithCheckout();
    const { session } = fake.completeCheckout(sessionId);
    const event = stripeEvent('checkout.session.completed', session);
    const wrongSecret = await sendStripeEvent(app, event, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().errors[0].code).toBe('bad_request');

    const payload = JSON.stringify(event);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const [row] = await companyRows(admin.companyId!);
    expect(row!.status).toBe('trialing');
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it('a body changed after signing is refused: the signature covers the exact bytes', async () => {
    const event = stripeEvent('invoice.paid', { id: 'in_x', object: 'invoice' });
    const { default: Stripe } = await import('stripe');
    const signed = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: signed,
      secret: TEST_WEBHOOK_SECRET,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      // Same JSON, other bytes: a parsed-and-reserialised body would pass, the raw one must not.
      payload: JSON.stringify(event, null, 2),
    });
    expect(res.statusCode).toBe(400);
  });

  it("a provider failure while reading the checkout's subscription is a 502, and the redelivery applies it", async () => {
    const { admin, sessionId } = await expiredTrialWithCheckout();
    const { session } = fake.completeCheckout(sessionId);
    const event = stripeEvent('checkout.session.completed', session);
    fake.failNext('subscriptions.retrieve', stripeErrors.apiError());
    const failed = await sendStripeEvent(app, event);
    expect(failed.statusCode).toBe(502);
    expect((await companyRows(admin.companyId!))[0]!.status).toBe('trialing');
    const again = await sendStripeEvent(app, event);
    expect(again.json().outcome).toBe('applied');
    expect((await companyRows(admin.companyId!))[0]!.status).toBe('active');
  });

  it('acknowledges events that are not ours (unknown customer) or not handled, changing nothing', async () => {
    const stranger = {
      id: 'sub_stranger',
      object: 'subscription',
      customer: 'cus_stranger',
      status: 'active',
      cancel_at_period_end: false,
      metadata: {},
      items: { object: 'list', data: [], has_more: false, url: '/v1/subscription_items' },
    };
    const res = await sendStripeEvent(app, stripeEvent('customer.subscription.updated', stranger));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('ignored');
    expect(
      await ctx.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, 'sub_stranger')),
    ).toEqual([]);
    const other = await sendStripeEvent(
      app,
      stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
    );
    expect(other.json().outcome).toBe('ignored');
  });

  it('links the customer to the company when the subscription names it by our metadata only', async () => {
    const admin = await createUser(ctx);
    const subscription = {
      id: 'sub_by_metadata',
      object: 'subscription',
      customer: 'cus_by_metadata',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { company_id: admin.companyId, plan: 'team-500' },
      items: { object: 'list', data: [], has_more: false, url: '/v1/subscription_items' },
    };
    fake.subscriptions.set(subscription.id, subscription);
    expect(
      (await sendStripeEvent(app, stripeEvent('customer.subscription.created', subscription))).json().outcome,
    ).toBe('applied');
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, admin.companyId!));
    expect(company!.stripeCustomerId).toBe('cus_by_metadata');
    expect((await companyRows(admin.companyId!))[0]).toMatchObject({ plan: 'team-500', status: 'active' });
  });
});
