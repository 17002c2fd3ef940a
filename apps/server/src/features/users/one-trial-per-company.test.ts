import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships, signInLinks, subscriptions, users } from '../../db/schema';
import type { App } from '../../http/app';
import { hashToken, randomToken } from '../../lib/crypto';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor } from '../../test/factories';
import { expireTrials } from '../billing/trials';
import { emailLinkRoutes } from '../sign-in/email-link/routes';
import { teamRoutes } from '../teams/routes';
import { CompanyExistsError, isPublicEmailDomain, provisionUser } from './provision';
import { userRoutes } from './routes';

/**
 * A company domain gets one company and one free trial. A colleague signing up later is told the company
 * uses MeetWell already and how to join; nothing is created for them. Free mail addresses stay people of
 * their own.
 */

let ctx: TestContext;
let app: App;
let serial = 0;
const domain = (name: string) => `${name}${++serial}-${Date.now().toString(36)}.example`;

beforeAll(async () => {
  ctx = await createTestContext({ EMAIL_SIGN_IN: 'on' });
  app = await createTestApp(ctx, [emailLinkRoutes, teamRoutes, userRoutes]);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** A sign-in link for the address, as the mail would carry it. */
async function linkFor(email: string) {
  const token = randomToken(32);
  await ctx.db.insert(signInLinks).values({
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  return token;
}

async function spendLink(token: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/sign_in_links/consume',
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: { data: { type: 'sign_in_links', attributes: { token } } },
  });
  return { status: response.statusCode, body: response.json() };
}

const counts = async () => {
  const { rows } = await ctx.pool.query<{ c: number; s: number; u: number }>(
    'select (select count(*) from companies)::int c, (select count(*) from subscriptions)::int s, (select count(*) from users)::int u',
  );
  return rows[0]!;
};

async function signUp(email: string) {
  const used = await spendLink(await linkFor(email));
  expect(used.status).toBe(200);
  return used.body.data as { id: string; attributes: { company: { id: string; name: string } } };
}

describe('one company and one trial per company domain', () => {
  it('tells a second person of the domain the company uses MeetWell, creates nothing, and keeps the link', async () => {
    const acme = domain('acme');
    const boss = await signUp(`boss@${acme}`);
    const before = await counts();

    const token = await linkFor(`stranger@${acme}`);
    const refused = await spendLink(token);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'company_exists',
      title: 'Your company already uses MeetWell',
    });
    expect(refused.body.errors[0].detail).toMatch(
      /^Acme\d.* already uses MeetWell\. Ask one of its admins to invite you/,
    );
    expect(await counts()).toEqual(before);
    const [link] = await ctx.db
      .select()
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, hashToken(token)));
    expect(link!.usedAt).toBeNull();

    // Once an admin invites them, the same link signs them in to the team (the pending invite wins).
    const admin = (await ctx.db.select().from(users).where(eq(users.id, boss.id)))[0]!;
    const invited = await app.inject({
      method: 'POST',
      url: '/api/v1/invites',
      headers: await bearerFor(ctx, admin.id),
      payload: { data: { type: 'invites', attributes: { email: `stranger@${acme}` } } },
    });
    expect(invited.statusCode).toBe(201);
    const joined = await spendLink(token);
    expect(joined.status).toBe(200);
    expect(joined.body.data.attributes.company.id).toBe(boss.attributes.company.id);
    expect((await counts()).s).toBe(before.s);
  });

  it('refuses a second trial also after the first company’s trial ended', async () => {
    const acme = domain('acme');
    const boss = await signUp(`boss@${acme}`);
    await ctx.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.companyId, boss.attributes.company.id));
    await expireTrials(ctx.db, new Date());
    const before = await counts();
    const refused = await spendLink(await linkFor(`second-try@${acme}`));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('company_exists');
    expect(await counts()).toEqual(before);
  });

  it('lets a colleague join at once where the team lets its domain join', async () => {
    const acme = domain('acme');
    const boss = await signUp(`boss@${acme}`);
    await ctx.db
      .update(companies)
      .set({ licenseBy: 'domain' })
      .where(eq(companies.id, boss.attributes.company.id));
    const before = await counts();
    const colleague = await signUp(`colleague@${acme}`);
    expect(colleague.attributes.company.id).toBe(boss.attributes.company.id);
    const [membership] = await ctx.db.select().from(memberships).where(eq(memberships.userId, colleague.id));
    expect(membership!.role).toBeNull();
    expect(await counts()).toEqual({ ...before, u: before.u + 1 });
  });

  it('hands a company nobody is left in to whoever of its domain comes back, without a new trial', async () => {
    const acme = domain('acme');
    const boss = await signUp(`boss@${acme}`);
    await ctx.db.delete(users).where(eq(users.id, boss.id));
    const before = await counts();
    const back = await signUp(`next@${acme}`);
    expect(back.attributes.company.id).toBe(boss.attributes.company.id);
    const [membership] = await ctx.db.select().from(memberships).where(eq(memberships.userId, back.id));
    expect(membership!.role).toBe('billing_admin');
    expect((await counts()).s).toBe(before.s);
  });

  it('refuses an address no issuer vouched for when its domain has a company', async () => {
    const acme = domain('acme');
    await signUp(`boss@${acme}`);
    const before = await counts();
    await expect(
      provisionUser(ctx.db, { email: `claims@${acme}`, emailVerified: false }, new Date()),
    ).rejects.toBeInstanceOf(CompanyExistsError);
    expect(await counts()).toEqual(before);
  });

  it('keeps people of free mail domains apart, from a maintained list (not only the big names)', async () => {
    for (const free of ['gmail.com', 'outlook.com', 'yandex.ru', 'mail.ru', 'gmx.de', 'web.de']) {
      expect(isPublicEmailDomain(free), free).toBe(true);
    }
    expect(isPublicEmailDomain('acme.example')).toBe(false);
    const first = await signUp(`ann-${Date.now()}@yandex.ru`);
    const second = await signUp(`ben-${Date.now()}@yandex.ru`);
    expect(first.attributes.company.id).not.toBe(second.attributes.company.id);
    const names = await ctx.db
      .select({ domain: companies.domain })
      .from(companies)
      .where(sql`${companies.id} in (${first.attributes.company.id}, ${second.attributes.company.id})`);
    expect(names.map((n) => n.domain)).toEqual([null, null]);
  });
});
