import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, signInLinks, subscriptions, users } from '../../db/schema';
import type { App } from '../../http/app';
import { hashToken, randomToken } from '../../lib/crypto';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { emailLinkRoutes } from '../sign-in/email-link/routes';
import { teamRoutes } from '../teams/routes';
import { provisionUser } from '../users/provision';
import { userRoutes } from '../users/routes';
import { acceptedReferral } from './referrals';
import { referralRoutes } from './routes';

const APP_URL = 'https://app.meetwell.test';
const JSON_API = 'application/vnd.api+json';

let ctx: TestContext;
let app: App;
let referrer: typeof users.$inferSelect;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL, EMAIL_SIGN_IN: 'on' });
  app = await createTestApp(ctx, [emailLinkRoutes, userRoutes, teamRoutes, referralRoutes]);
  referrer = await createUser(ctx, { firstName: 'Rita' });
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

let count = 0;
const freshEmail = (name: string) =>
  `${name}${++count}-${randomToken(4).toLowerCase()}@referred${count}.example`;
let ip = 0;
const freshIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

async function referredByOf(email: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  return row?.referredBy;
}

async function signInLink(email: string) {
  const token = randomToken(32);
  const now = ctx.now();
  await ctx.db.insert(signInLinks).values({
    email,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 600_000),
  });
  return token;
}

function consume(token: string, options: { cookie?: string; referral?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/sign_in_links/consume',
    remoteAddress: freshIp(),
    headers: { 'content-type': JSON_API, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: {
      data: {
        type: 'sign_in_links',
        attributes: { token, ...(options.referral ? { referral: options.referral } : {}) },
      },
    },
  });
}

describe('a referral is kept as referred_by at sign-up', () => {
  it('by sign-in link: from the MWReferralToken cookie', async () => {
    const email = freshEmail('cookie');
    const res = await consume(await signInLink(email), {
      cookie: `MWReferralToken=${referrer.affiliateToken}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await referredByOf(email)).toBe(referrer.affiliateToken);
  });

  it('by sign-in link: from the referral the web app sends, which wins over the cookie', async () => {
    const other = await createUser(ctx);
    const email = freshEmail('sent');
    const res = await consume(await signInLink(email), {
      referral: other.affiliateToken,
      cookie: `MWReferralToken=${referrer.affiliateToken}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await referredByOf(email)).toBe(other.affiliateToken);
  });

  it("drops a token that is no one's affiliate token, or not a token at all, and still signs up", async () => {
    const unknown = freshEmail('unknown');
    expect(
      (await consume(await signInLink(unknown), { cookie: 'MWReferralToken=nobody_123' })).statusCode,
    ).toBe(200);
    expect(await referredByOf(unknown)).toBeNull();
    const junk = freshEmail('junk');
    expect(
      (
        await consume(await signInLink(junk), {
          cookie: `MWReferralToken=${encodeURIComponent("x' or 1=1")}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(await referredByOf(junk)).toBeNull();
  });

  it('leaves an existing account as it was (a referral counts at sign-up only)', async () => {
    const existing = await createUser(ctx);
    const res = await consume(await signInLink(existing.email), {
      cookie: `MWReferralToken=${referrer.affiliateToken}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await referredByOf(existing.email)).toBeNull();
  });

  it('by invite acceptance: the invited person is referred too', async () => {
    const email = freshEmail('invited');
    const token = randomToken(32);
    await ctx.db
      .insert(invites)
      .values({ companyId: referrer.companyId!, email, tokenHash: hashToken(token) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/invites/accept',
      remoteAddress: freshIp(),
      headers: { 'content-type': JSON_API, cookie: `MWReferralToken=${referrer.affiliateToken}` },
      payload: { data: { type: 'invites', attributes: { token } } },
    });
    expect(res.statusCode).toBe(200);
    expect(await referredByOf(email)).toBe(referrer.affiliateToken);
  });

  it('never for the demo, and never a person referring their own address', async () => {
    const demo = await provisionUser(
      ctx.db,
      { email: freshEmail('demo'), isDemo: true, referredBy: referrer.affiliateToken },
      ctx.now(),
    );
    expect(demo.referredBy).toBeNull();
    // A person's own token, offered with their own address (in other letters), is not a referral.
    const self = await createUser(ctx, { email: 'self@self.example' });
    expect(await acceptedReferral(ctx.db, self.affiliateToken, 'SELF@self.example')).toBeNull();
    expect(await acceptedReferral(ctx.db, self.affiliateToken, 'friend@self.example')).toBe(
      self.affiliateToken,
    );
  });
});

describe('GET /api/v1/users/referrals', () => {
  async function referredWith(
    subscription: { plan: string; status: 'active' | 'trialing' | 'canceled' | 'past_due' } | null,
  ) {
    const user = await provisionUser(
      ctx.db,
      { email: freshEmail('ref'), firstName: 'Ref', referredBy: host.affiliateToken },
      ctx.now(),
    );
    if (subscription)
      await ctx.db.insert(subscriptions).values({ companyId: user.companyId!, ...subscription });
    return user;
  }
  let host: typeof users.$inferSelect;

  it('counts the people referred and those whose company pays now, at $2 per month each', async () => {
    host = await createUser(ctx);
    const headers = await bearerFor(ctx, host.id);
    const read = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/users/referrals', headers });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect((await read()).attributes).toEqual({
      referral_url: `${APP_URL}/?ref=${host.affiliateToken}`,
      referred_count: 0,
      paying_count: 0,
      monthly_commission: 0,
      commission_per_paying_referral: 2,
    });

    await referredWith(null); // its trial only
    await referredWith({ plan: 'team-500', status: 'active' }); // Solo, paying (its trial beside it)
    await referredWith({ plan: 'team-5000', status: 'active' }); // Team, paying
    const ended = await referredWith({ plan: 'team-500', status: 'canceled' });
    await referredWith({ plan: 'team-500', status: 'past_due' });
    await createUser(ctx); // referred by nobody
    const data = await read();
    expect(data).toMatchObject({ type: 'referrals', id: host.id });
    expect(data.attributes).toMatchObject({ referred_count: 5, paying_count: 2, monthly_commission: 4 });

    // Real subscription state: the cancelled one pays again, and a paying one's plan ends.
    await ctx.db
      .update(subscriptions)
      .set({ status: 'active' })
      .where(eq(subscriptions.companyId, ended.companyId!));
    expect((await read()).attributes).toMatchObject({ paying_count: 3, monthly_commission: 6 });
  });

  it('counts a teammate referred into a paying company by their company, and is refused signed out', async () => {
    const other = await createUser(ctx);
    await ctx.db
      .insert(subscriptions)
      .values({ companyId: other.companyId!, plan: 'team-5000', status: 'active' });
    const teammate = await createUser(ctx, { companyOf: other });
    await ctx.db.update(users).set({ referredBy: referrer.affiliateToken }).where(eq(users.id, teammate.id));
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users/referrals',
      headers: await bearerFor(ctx, referrer.id),
    });
    expect(res.json().data.attributes).toMatchObject({ paying_count: 1, monthly_commission: 2 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/users/referrals' })).statusCode).toBe(401);
  });
});
