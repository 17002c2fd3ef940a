import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { allRoutes } from '../routes';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { bearerFor, browserFor, createUser } from '../test/factories';

let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;
let deactivated: Record<string, string>;
let active: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
  const expired = await createUser(ctx);
  await ctx.db
    .update(users)
    .set({ deactivatedAt: new Date(), deactivatedReason: 'trial_expired' })
    .where(eq(users.id, expired.id));
  deactivated = await bearerFor(ctx, expired.id);
  active = await bearerFor(ctx, (await createUser(ctx)).id);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const ANY_ID = '00000000-0000-0000-0000-000000000000';

/** Every API route the server registers that its endpoint does not open to a deactivated account. */
function closedToDeactivated() {
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && !r.endpoint?.whenDeactivated)
    .map((r) => ({
      method: r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      pattern: r.url,
      url: r.url.replace(/:\w+/g, ANY_ID),
    }));
}

describe('a deactivated account', () => {
  it('gets 403 account_deactivated from every API route not declared open to it', async () => {
    const refused = closedToDeactivated();
    expect(refused.length).toBeGreaterThan(30);
    for (const route of refused) {
      const res = await app.inject({ method: route.method, url: route.url, headers: deactivated });
      expect(res.statusCode, `${route.method} ${route.pattern}`).toBe(403);
      expect(res.json().errors[0]).toMatchObject({
        code: 'account_deactivated',
        detail: 'Your trial has ended. Choose a plan to continue.',
      });
    }
  });

  it('still reads who it is, its plan, the plans, and signs out', async () => {
    for (const url of [
      '/api/v1/users',
      '/api/v1/subscription',
      '/api/v1/subscription_plans',
      '/api/v1/auth/providers',
      // The Account screen's own reads.
      '/api/v1/users/settings',
      '/api/v1/calendars',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: deactivated });
      expect(res.statusCode, url).toBe(200);
    }
    const me = await app.inject({ method: 'GET', url: '/api/v1/users', headers: deactivated });
    expect(me.json().data.attributes).toMatchObject({ deactivated_reason: 'trial_expired' });
    const invoices = await app.inject({ method: 'GET', url: '/api/v1/invoices', headers: deactivated });
    expect(invoices.statusCode).toBe(200);
    // Choosing a plan reaches the billing route (which says billing is off here), not the gate.
    const checkout = await app.inject({
      method: 'PATCH',
      url: '/api/v1/stripe_checkout/sessions',
      headers: deactivated,
      payload: { data: { type: 'checkout_sessions', attributes: { key: 'team-500', success_url: '/my' } } },
    });
    expect(checkout.json().errors[0].code).toBe('billing_not_configured');
    const logout = await app.inject({ method: 'DELETE', url: '/api/v1/logout', headers: deactivated });
    expect(logout.statusCode).toBeLessThan(300);
  });

  it('is refused before its request is read: a broken body still gets the 403', async () => {
    const expired = await createUser(ctx);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, expired.id));
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/company',
      headers: await browserFor(ctx, expired.id),
      payload: '{not json',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({
      code: 'account_deactivated',
      detail: expect.stringMatching(/deactivated/),
    });
  });

  it('leaves unknown routes as 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: deactivated });
    expect(res.statusCode).toBe(404);
  });
});

describe('an active account', () => {
  it('reaches the routes a deactivated one is refused', async () => {
    for (const url of ['/api/v1/meetings', '/api/v1/future_actions', '/api/v1/wellness_blocks']) {
      const res = await app.inject({ method: 'GET', url, headers: active });
      expect(res.statusCode, url).not.toBe(403);
    }
  });
});
