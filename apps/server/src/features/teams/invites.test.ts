import { ADMIN_ROLE, PLAN_FEATURE_MESSAGES } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emails, invites, meetings, memberships, subscriptions, users } from '../../db/schema';
import type { App } from '../../http/app';
import { hashToken } from '../../lib/crypto';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { seedMeeting } from '../reports/test-seed';
import { userRoutes } from '../users/routes';
import { teamRoutes } from './routes';

type UserRow = typeof users.$inferSelect;

const APP_URL = 'https://app.meetwell.test';
let smtp: SmtpCapture;
let ctx: TestContext;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL });
  app = await createTestApp(ctx, [teamRoutes, userRoutes]);
});
afterAll(async () => {
  await app.close();
  closeMailTransport(ctx.config);
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

let serial = 0;
const unique = (name: string) => `${name}${++serial}-${Date.now().toString(36)}`;

async function team() {
  const admin = await createUser(ctx, {
    firstName: 'Ada',
    email: `${unique('ada')}@${unique('engines')}.example`,
  });
  const member = await createUser(ctx, { firstName: 'Bob', companyOf: admin });
  const outsider = await createUser(ctx);
  return { admin, member, outsider, id: admin.companyId! };
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, as: UserRow | null, payload?: unknown) {
  const headers = as ? await bearerFor(ctx, as.id) : { 'content-type': 'application/vnd.api+json' };
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null, response };
}

const inviteBody = (email: string) => ({ data: { type: 'invites', attributes: { email } } });
const acceptBody = (token: string, extra: Record<string, unknown> = {}) => ({
  data: { type: 'invites', attributes: { token, ...extra } },
});

/** Invites the address as the admin and reads the token from the mail the SMTP server received. */
async function invite(admin: UserRow, email: string) {
  const response = await call('POST', '/api/v1/invites', admin, inviteBody(email));
  expect(response.status).toBe(201);
  const mail = smtp.messages.findLast((m) => m.to.includes(email.toLowerCase()));
  expect(mail).toBeDefined();
  const link = hrefs(mail!.html).find((href) => href.startsWith(`${APP_URL}/invite/`))!;
  return { id: response.body.data.id as string, token: decodeURIComponent(link.split('/invite/')[1]!), mail };
}

/** Accepts with a fresh browser (no session) and returns the answer and the session cookie it set. */
async function accept(token: string, extra: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/invites/accept',
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: acceptBody(token, extra),
  });
  const session = response.cookies.find((c) => c.name === 'MWToken');
  return { status: response.statusCode, body: response.json(), session };
}

async function signedInUser(sessionToken: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/users',
    headers: { cookie: `MWToken=${sessionToken}` },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('POST invites', () => {
  it('stores the invite (token hashed) and mails the link from the admin, in HTML and text', async () => {
    const t = await team();
    const address = `${unique('New.Person')}@Elsewhere.example`;
    const response = await call('POST', '/api/v1/invites', t.admin, inviteBody(`  ${address} `));
    expect(response.status).toBe(201);
    const email = address.toLowerCase();
    expect(response.body.data).toMatchObject({
      type: 'invites',
      attributes: { email, accepted_at: null },
    });
    expect(response.body.meta).toEqual({ mail: 'sent' });
    expect(Date.parse(response.body.data.attributes.created_at)).not.toBeNaN();

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([email]);
    const [company] = await ctx.db.select().from(invites).where(eq(invites.id, response.body.data.id));
    const teamName = (await call('GET', `/api/v1/teams/${t.id}`, t.admin)).body.data.attributes.name;
    // The subject is fixed: nothing typed reaches it (invite-abuse.test.ts).
    expect(mail.subject).toBe('You are invited to a team on MeetWell');
    const link = hrefs(mail.html).find((href) => href.startsWith(`${APP_URL}/invite/`));
    expect(link).toMatch(/^https:\/\/app\.meetwell\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`Ada Test (${t.admin.email}) invited you to the team “${teamName}”`);
    // Nobody asked for it at this address: it can be unsubscribed.
    expect(hrefs(mail.html).some((href) => href.startsWith(`${APP_URL}/unsubscribe?`))).toBe(true);
    const token = link!.split('/invite/')[1]!;
    expect(company!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(company)).not.toContain(token);
    expect(company!.invitedById).toBe(t.admin.id);
    // The link signs its holder in: once the mail server took the mail, the stored copy no longer carries it.
    const [stored] = await ctx.db.select().from(emails).where(eq(emails.to, email));
    expect(stored!.status).toBe('sent');
    expect(`${stored!.html}${stored!.text}`).not.toContain(token);
    expect(stored!.text).toContain(`${APP_URL}/invite/[removed]`);

    const listed = await call('GET', '/api/v1/invites', t.admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        type: 'invites',
        id: response.body.data.id,
        attributes: {
          email,
          created_at: company!.createdAt.toISOString(),
          accepted_at: null,
          expires_at: new Date(company!.createdAt.getTime() + 14 * 86_400_000).toISOString(),
        },
      },
    ]);
  });

  it('refuses visitors (401), members (403), addresses that are none (422) and duplicates (409)', async () => {
    const t = await team();
    expect((await call('POST', '/api/v1/invites', null, inviteBody('x@y.example'))).status).toBe(401);
    const asMember = await call('POST', '/api/v1/invites', t.member, inviteBody('x@y.example'));
    expect(asMember.status).toBe(403);
    const invalid = await call('POST', '/api/v1/invites', t.admin, inviteBody('not an address'));
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0]).toMatchObject({
      code: 'unprocessable',
      detail: 'Please enter a valid email and try again.',
      source: { pointer: '/data/attributes/email' },
    });
    const member = await call('POST', '/api/v1/invites', t.admin, inviteBody(t.member.email.toUpperCase()));
    expect(member.status).toBe(409);
    expect(member.body.errors[0].detail).toMatch(/already a member/);
    const address = `${unique('pending')}@elsewhere.example`;
    await invite(t.admin, address);
    smtp.messages.length = 0;
    const again = await call('POST', '/api/v1/invites', t.admin, inviteBody(address.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].detail).toMatch(/pending invite/);
    expect(smtp.messages).toHaveLength(0);
    const stored = await ctx.db.select().from(invites).where(eq(invites.companyId, t.id));
    expect(stored).toHaveLength(1);
  });

  it('needs a plan with team management: the Solo plan gets 403 with the plan message', async () => {
    const t = await team();
    await ctx.db
      .update(subscriptions)
      .set({ plan: 'team-500', status: 'active' })
      .where(eq(subscriptions.companyId, t.id));
    const response = await call('POST', '/api/v1/invites', t.admin, inviteBody('solo@elsewhere.example'));
    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatchObject({
      code: 'forbidden',
      detail: PLAN_FEATURE_MESSAGES.team_management,
    });
    expect(smtp.messages).toHaveLength(0);
    await ctx.db
      .update(subscriptions)
      .set({ plan: 'team-5000', status: 'active' })
      .where(eq(subscriptions.companyId, t.id));
    expect(
      (await call('POST', '/api/v1/invites', t.admin, inviteBody('team@elsewhere.example'))).status,
    ).toBe(201);
  });

  it('undoes the invite when the mail server refuses the mail (503), so it can be sent again', async () => {
    const t = await team();
    const address = `${unique('refused')}@elsewhere.example`;
    smtp.refuseMatching(/invited to a team/);
    const refused = await call('POST', '/api/v1/invites', t.admin, inviteBody(address));
    expect(refused.status).toBe(503);
    expect(await ctx.db.select().from(invites).where(eq(invites.companyId, t.id))).toHaveLength(0);
    const { token } = await invite(t.admin, address);
    expect(token.length).toBeGreaterThan(40);
  });
});

describe('GET invites', () => {
  it('is for admins: 401 signed out, 403 for members; lists only pending invites', async () => {
    const t = await team();
    expect((await call('GET', '/api/v1/invites', null)).status).toBe(401);
    expect((await call('GET', '/api/v1/invites', t.member)).status).toBe(403);
    const kept = await invite(t.admin, `${unique('kept')}@elsewhere.example`);
    const cancelled = await invite(t.admin, `${unique('cancelled')}@elsewhere.example`);
    await call('DELETE', `/api/v1/invites/${cancelled.id}`, t.admin);
    const other = await team();
    await invite(other.admin, `${unique('theirs')}@elsewhere.example`);
    const listed = await call('GET', '/api/v1/invites', t.admin);
    expect(listed.body.data.map((i: { id: string }) => i.id)).toEqual([kept.id]);
  });
});

describe('DELETE invites/:id', () => {
  it('revokes: the link stops working (410); only admins of its team may, others 403/404', async () => {
    const t = await team();
    const address = `${unique('revoked')}@elsewhere.example`;
    const { id, token } = await invite(t.admin, address);
    expect((await call('DELETE', `/api/v1/invites/${id}`, null)).status).toBe(401);
    expect((await call('DELETE', `/api/v1/invites/${id}`, t.member)).status).toBe(403);
    expect((await call('DELETE', `/api/v1/invites/${id}`, t.outsider)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/invites/${crypto.randomUUID()}`, t.admin)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/invites/${id}`, t.admin)).status).toBe(204);
    expect((await call('DELETE', `/api/v1/invites/${id}`, t.admin)).status).toBe(204);
    const [row] = await ctx.db.select().from(invites).where(eq(invites.id, id));
    expect(row!.revokedAt).not.toBeNull();
    const accepted = await accept(token);
    expect(accepted.status).toBe(410);
    expect(accepted.body.errors[0].code).toBe('invite_invalid');
    expect(accepted.session).toBeUndefined();
    const [nobody] = await ctx.db.select().from(users).where(eq(users.email, address));
    expect(nobody).toBeUndefined();
    // A cancelled address may be invited again.
    expect((await call('POST', '/api/v1/invites', t.admin, inviteBody(address))).status).toBe(201);
  });
});

describe('POST invites/accept', () => {
  it('creates the account of a new person in the team and signs them in; the link then is used (409 already on the team)', async () => {
    const t = await team();
    const address = `${unique('newcomer')}@gmail.com`;
    const { token, id } = await invite(t.admin, address);
    const accepted = await accept(token, { time_zone: 'Europe/Paris' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      type: 'users',
      attributes: { email: address, time_zone: 'Europe/Paris', company: { id: t.id, roles: [] } },
    });
    expect(accepted.session?.value).toBeTruthy();
    expect(accepted.session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    const me = await signedInUser(accepted.session!.value);
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(accepted.body.data.id);

    const [user] = await ctx.db.select().from(users).where(eq(users.id, accepted.body.data.id));
    expect(user).toMatchObject({ companyId: t.id, emailVerified: true });
    const [membership] = await ctx.db.select().from(memberships).where(eq(memberships.userId, user!.id));
    expect(membership).toMatchObject({ companyId: t.id, role: null });
    const [row] = await ctx.db.select().from(invites).where(eq(invites.id, id));
    expect(row!.acceptedAt).not.toBeNull();
    expect((await call('GET', '/api/v1/invites', t.admin)).body.data).toEqual([]);

    // Used: it signs nobody in again, and says the person is on the team already.
    const used = await accept(token);
    expect(used.status).toBe(409);
    expect(used.body.errors[0].code).toBe('already_member');
    expect(used.session).toBeUndefined();
  });

  it('moves a person of another company into the team, with their meetings, and signs them in', async () => {
    const t = await team();
    const person = await createUser(ctx, {
      firstName: 'Cy',
      email: `${unique('cy')}@${unique('elsewhere')}.example`,
    });
    const formerCompany = person.companyId!;
    const meeting = await seedMeeting(ctx, person, {
      startsAt: new Date('2025-03-10T15:00:00Z'),
      endsAt: new Date('2025-03-10T16:00:00Z'),
    });
    const { token } = await invite(t.admin, person.email.toUpperCase());
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      id: person.id,
      attributes: { company: { id: t.id, roles: [] } },
    });
    expect((await signedInUser(accepted.session!.value)).body.data.id).toBe(person.id);

    const rows = await ctx.db.select().from(memberships).where(eq(memberships.userId, person.id));
    expect(rows).toEqual([expect.objectContaining({ companyId: t.id, role: null })]);
    const [moved] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(moved!.companyId).toBe(t.id);
    const [kept] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(kept!.companyId).toBe(t.id);
    expect(formerCompany).not.toBe(t.id);
    const members = await call('GET', `/api/v1/teams/${t.id}/members`, t.admin);
    expect(members.body.meta.member_count).toBe(3);
    expect((await accept(token)).status).toBe(409);
  });

  it("lets a person whose former team's trial ended back in when the team they join has access", async () => {
    const t = await team();
    const person = await createUser(ctx, { email: `${unique('dee')}@${unique('elsewhere')}.example` });
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date(), deactivatedReason: 'trial_expired' })
      .where(eq(users.id, person.id));
    const { token } = await invite(t.admin, person.email);
    expect((await accept(token)).status).toBe(200);
    const [joined] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(joined).toMatchObject({ companyId: t.id, deactivatedAt: null, deactivatedReason: null });
  });

  it('joins the team of the link when two teams invited the same address', async () => {
    const first = await team();
    const second = await team();
    const address = `${unique('wanted')}@gmail.com`;
    await invite(first.admin, address);
    const { token } = await invite(second.admin, address);
    const accepted = await accept(token);
    expect(accepted.body.data.attributes.company.id).toBe(second.id);
    const pendingOfFirst = await call('GET', '/api/v1/invites', first.admin);
    expect(pendingOfFirst.body.data).toHaveLength(1);
  });

  it('refuses to take the only admin away from a team that has other members (409)', async () => {
    const t = await team();
    const other = await team();
    const { token } = await invite(t.admin, other.admin.email);
    const refused = await accept(token);
    expect(refused.status).toBe(409);
    expect(refused.session).toBeUndefined();
    const [still] = await ctx.db.select().from(users).where(eq(users.id, other.admin.id));
    expect(still!.companyId).toBe(other.id);
    const rows = await ctx.db.select().from(memberships).where(eq(memberships.userId, other.admin.id));
    expect(rows).toEqual([expect.objectContaining({ companyId: other.id, role: ADMIN_ROLE })]);
    expect((await call('GET', '/api/v1/invites', t.admin)).body.data).toHaveLength(1);
  });

  it('answers 410 invite_invalid for a token nobody was sent, and 400 without one', async () => {
    const unknown = await accept('not-a-token-we-made');
    expect(unknown.status).toBe(410);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'invite_invalid', status: '410' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/invites/accept',
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: { data: { type: 'invites', attributes: {} } },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('still lets an invited person join by signing in another way (the pending invite of the address)', async () => {
    const t = await team();
    const address = `${unique('sso')}@gmail.com`;
    await invite(t.admin, address);
    const user = await createUser(ctx, { email: address });
    expect(user.companyId).toBe(t.id);
    expect((await call('GET', '/api/v1/invites', t.admin)).body.data).toEqual([]);
  });
});
