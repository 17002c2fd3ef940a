import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, emails, invites, signInLinks, users } from '../../db/schema';
import type { App } from '../../http/app';
import { hashToken, randomToken } from '../../lib/crypto';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, browserFor, createUser } from '../../test/factories';
import { createDemoTeam } from '../demo/seed';
import { hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { emailLinkRoutes } from '../sign-in/email-link/routes';
import { userRoutes } from '../users/routes';
import { createInvite } from './invites';
import { teamRoutes } from './routes';

/**
 * Invites as an attacker or a sly customer would use them: as a mail relay (many addresses, any text in the
 * names), with links kept for months, and opened again after signing in another way.
 */

type UserRow = typeof users.$inferSelect;
const APP_URL = 'https://app.meetwell.test';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let smtp: SmtpCapture;
let ctx: TestContext;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    APP_URL,
    EMAIL_SIGN_IN: 'on',
    INVITES_PER_ADMIN_PER_HOUR: '3',
    INVITES_PER_ADMIN_PER_DAY: '4',
    INVITES_PER_TEAM_PER_HOUR: '5',
    INVITES_PER_TEAM_PER_DAY: '40',
  });
  app = await createTestApp(ctx, [teamRoutes, userRoutes, emailLinkRoutes]);
});
afterAll(async () => {
  await app.close();
  closeMailTransport(ctx.config);
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
  ctx.setNow(null);
});

let serial = 0;
const unique = (name: string) => `${name}${++serial}-${Date.now().toString(36)}`;
const outside = () => `${unique('someone')}@${unique('outside')}.example`;

async function team(admin: { firstName?: string } = {}) {
  const first = await createUser(ctx, {
    firstName: admin.firstName ?? 'Ada',
    email: `${unique('ada')}@${unique('engines')}.example`,
  });
  return { admin: first, id: first.companyId! };
}

async function invite(as: UserRow, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/invites',
    headers: await bearerFor(ctx, as.id),
    payload: { data: { type: 'invites', attributes: { email } } },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const inviteRows = async (companyId: string) =>
  ctx.db.select().from(invites).where(eq(invites.companyId, companyId));

function tokenOf(email: string) {
  const mail = smtp.messages.findLast((m) => m.to.includes(email.toLowerCase()));
  const link = hrefs(mail!.html).find((href) => href.startsWith(`${APP_URL}/invite/`))!;
  return decodeURIComponent(link.split('/invite/')[1]!);
}

async function accept(token: string, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/invites/accept',
    headers: { 'content-type': 'application/vnd.api+json', ...headers },
    payload: { data: { type: 'invites', attributes: { token } } },
  });
  return {
    status: response.statusCode,
    body: response.json(),
    session: response.cookies.find((c) => c.name === 'MWToken'),
  };
}

describe('invites are not a mail relay', () => {
  it('limits invites per admin per hour and per day, in sliding windows: 429 with Retry-After, nothing sent', async () => {
    const t = await team();
    const start = new Date('2030-01-07T10:00:00Z');
    ctx.setNow(start);
    for (let i = 0; i < 3; i++) expect((await invite(t.admin, outside())).status).toBe(201);
    // A cancelled invite was a mail too: cancelling does not give the budget back.
    const [cancelled] = await inviteRows(t.id);
    await ctx.db.update(invites).set({ revokedAt: start }).where(eq(invites.id, cancelled!.id));
    smtp.messages.length = 0;

    ctx.setNow(new Date(start.getTime() + 30 * 60_000));
    const refused = await invite(t.admin, outside());
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ code: 'rate_limited', status: '429' });
    expect(refused.body.errors[0].detail).toBe(
      'You have sent 3 invites in the last hour, as many as an hour allows. You can send more in 30 minutes.',
    );
    expect(refused.headers['retry-after']).toBe('1800');
    expect(smtp.messages).toHaveLength(0);
    expect(await inviteRows(t.id)).toHaveLength(3);

    // The hour slides: at 10:59 the first is still in it, at 11:00:01 one more fits, the fifth is past the day.
    ctx.setNow(new Date(start.getTime() + 59 * 60_000));
    expect((await invite(t.admin, outside())).status).toBe(429);
    ctx.setNow(new Date(start.getTime() + HOUR + 1000));
    expect((await invite(t.admin, outside())).status).toBe(201);
    ctx.setNow(new Date(start.getTime() + 3 * HOUR));
    const daily = await invite(t.admin, outside());
    expect(daily.status).toBe(429);
    expect(daily.body.errors[0].detail).toMatch(
      /^You have sent 4 invites in the last 24 hours, as many as a day allows\. You can send more in 21 hours\.$/,
    );
    expect(Number(daily.headers['retry-after'])).toBe(21 * 3600);
    ctx.setNow(new Date(start.getTime() + DAY + 1000));
    expect((await invite(t.admin, outside())).status).toBe(201);
  });

  it("limits the team's invites across its admins", async () => {
    const t = await team();
    const second = await createUser(ctx, { companyOf: t.admin });
    await ctx.pool.query(`update memberships set role = 'billing_admin' where user_id = $1`, [second.id]);
    for (let i = 0; i < 3; i++) expect((await invite(t.admin, outside())).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await invite(second, outside())).status).toBe(201);
    const refused = await invite(second, outside());
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toMatch(/^Your team has sent 5 invites in the last hour/);
    expect(await inviteRows(t.id)).toHaveLength(5);
  });

  it('counts two admins inviting at once exactly (one at a time per team)', async () => {
    const t = await team();
    const answers = await Promise.all(Array.from({ length: 6 }, () => invite(t.admin, outside())));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await inviteRows(t.id)).toHaveLength(3);
  });

  it('never mails an invite of a demo team (anyone can start one): kept unsent', async () => {
    const demo = await createDemoTeam(ctx);
    const address = outside();
    const created = await invite(demo, address);
    expect(created.status).toBe(201);
    expect(created.body.meta).toEqual({ mail: 'outbox' });
    expect(smtp.messages).toHaveLength(0);
    const [kept] = await ctx.db.select().from(emails).where(eq(emails.to, address));
    expect(kept!.status).toBe('outbox');
  });

  it('sends a fixed subject; names are plain text without markup or control characters, and cut', async () => {
    const t = await team({ firstName: '<img src=x onerror=alert(1)>Mallory\u202e\u0007' });
    await ctx.db
      .update(companies)
      .set({ name: `<script>alert(1)</script>Win a prize\r\nBcc: all@x.example ${'z'.repeat(200)}` })
      .where(eq(companies.id, t.id));
    const address = outside();
    expect((await invite(t.admin, address)).status).toBe(201);
    const mail = smtp.messages.at(-1)!;
    expect(mail.subject).toBe('You are invited to a team on MeetWell');
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toMatch(/<script|<img|onerror/i);
      expect(part.includes('\u202e') || part.includes('\u0007')).toBe(false);
      expect(part).not.toMatch(/Bcc: all@x\.example\r?\n/);
    }
    expect(mail.text).toContain('Mallory Test (');
    expect(mail.text).toMatch(/“Win a prize Bcc: all@x\.example z+…”/);
    const teamName = /“([^”]+)”/.exec(mail.text)![1]!;
    expect([...teamName]).toHaveLength(60);
  });
});

describe('invite links expire', () => {
  it('works for 14 days; then the page is told it expired, the admin can be asked, and a new invite goes', async () => {
    const t = await team();
    const address = outside();
    const sentAt = new Date('2030-02-01T09:00:00Z');
    ctx.setNow(sentAt);
    expect((await invite(t.admin, address)).status).toBe(201);
    const token = tokenOf(address);
    expect(smtp.messages.at(-1)!.text).toContain('until February 15, 2030');
    const listed = await app.inject({ url: '/api/v1/invites', headers: await bearerFor(ctx, t.admin.id) });
    expect(listed.json().data[0].attributes.expires_at).toBe('2030-02-15T09:00:00.000Z');

    ctx.setNow(new Date(sentAt.getTime() + 400 * DAY));
    const expired = await accept(token);
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0]).toMatchObject({ code: 'invite_expired', title: 'Invite expired' });
    expect(expired.body.errors[0].detail).toMatch(/invite links work for 14 days/);
    expect(expired.session).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.email, address))).toEqual([]);

    // Asking for a new one tells the admin who sent it, once.
    smtp.messages.length = 0;
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/invites/renewal_requests',
        headers: { 'content-type': 'application/vnd.api+json' },
        payload: { data: { type: 'invite_renewal_requests', attributes: { token } } },
      });
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual([t.admin.email]);
    expect(smtp.messages[0]!.text).toContain(`${address} opened the invite`);

    // A new invite of the address replaces the expired one, and works.
    expect((await invite(t.admin, address)).status).toBe(201);
    const fresh = await accept(tokenOf(address));
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.attributes.company.id).toBe(t.id);
  });

  it('still works a minute before its end', async () => {
    const t = await team();
    const address = outside();
    const sentAt = new Date('2030-03-01T09:00:00Z');
    ctx.setNow(sentAt);
    await invite(t.admin, address);
    ctx.setNow(new Date(sentAt.getTime() + 14 * DAY - 60_000));
    expect((await accept(tokenOf(address))).status).toBe(200);
  });

  it('writes the link to the server output when no SMTP server is set, like sign-in links', async () => {
    const t = await team();
    const noSmtp = { ...ctx, config: { ...ctx.config, mail: { ...ctx.config.mail, smtpUrl: undefined } } };
    const lines: string[] = [];
    const address = outside();
    const { mail } = await createInvite(noSmtp, t.admin, address, { log: (line) => lines.push(line) });
    expect(mail).toBe('outbox');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(address);
    const link = /https:\/\/app\.meetwell\.test\/invite\/(\S+)/.exec(lines[0]!);
    expect(link).not.toBeNull();
    expect((await accept(decodeURIComponent(link![1]!))).status).toBe(200);
  });
});

describe('an invite opened by someone already on its team', () => {
  it('says so and takes them there when they signed in with a link first', async () => {
    const t = await team();
    const address = outside();
    await invite(t.admin, address);
    const inviteToken = tokenOf(address);
    // "Email me a sign-in link": the pending invite of the address joins them.
    const linkToken = randomToken(32);
    await ctx.db
      .insert(signInLinks)
      .values({ email: address, tokenHash: hashToken(linkToken), expiresAt: new Date(Date.now() + 600_000) });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/sign_in_links/consume',
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: { data: { type: 'sign_in_links', attributes: { token: linkToken } } },
    });
    expect(signedIn.json().data.attributes.company.id).toBe(t.id);
    const worker = signedIn.json().data.id as string;

    const inTheirBrowser = await accept(inviteToken, await browserFor(ctx, worker));
    expect(inTheirBrowser.status).toBe(200);
    expect(inTheirBrowser.body.meta).toEqual({ already_member: true });
    expect(inTheirBrowser.body.data.attributes.company.id).toBe(t.id);
    expect(inTheirBrowser.session).toBeUndefined();

    // Elsewhere, the spent link signs nobody in: it says they are on the team and to sign in.
    const elsewhere = await accept(inviteToken);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.errors[0]).toMatchObject({ code: 'already_member', title: 'Already on the team' });
    expect(elsewhere.body.errors[0].detail).toMatch(
      /^You are already on the team .+\. Sign in to open it\.$/,
    );
    expect(elsewhere.session).toBeUndefined();
  });

  it('still says a link is no longer valid to someone who left the team or never joined it', async () => {
    const t = await team();
    const address = outside();
    await invite(t.admin, address);
    const token = tokenOf(address);
    await ctx.db
      .update(invites)
      .set({ revokedAt: new Date() })
      .where(sql`lower(${invites.email}) = ${address}`);
    expect((await accept(token)).body.errors[0].code).toBe('invite_invalid');
    const kept = await ctx.db.select().from(emails).where(eq(emails.to, address));
    expect(kept).toHaveLength(1);
  });
});
