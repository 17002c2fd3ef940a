import { sql } from 'drizzle-orm';
import { Logger } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../auth/sessions';
import type { AppContext } from '../../context';
import type { App } from '../../http/app';
import { buildCrontab } from '../../jobs/crontab';
import { jobs } from '../../jobs/registry';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { reconcileUser } from '../autobalance/engine';
import { deliverEmail } from '../mail/deliver';
import { hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { removeMember } from '../teams/members';
import { demoExpiryJob } from './demo-expiry.job';
import { createDemoTeam } from './seed';

const HOUR = 3_600_000;
const JSON_API = { 'content-type': 'application/vnd.api+json' };
const ORGANIZER = 'dana@vendorco.example';

function tryDemo(app: App, remoteAddress = '203.0.113.7') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/demo',
    remoteAddress,
    headers: JSON_API,
    payload: JSON.stringify({ data: { type: 'sessions', attributes: { time_zone: 'Europe/Berlin' } } }),
  });
}

/** A visitor who pressed 'Try the demo': their bearer headers and who they are. */
async function visitor(app: App, remoteAddress?: string) {
  const res = await tryDemo(app, remoteAddress);
  expect(res.statusCode).toBe(201);
  const headers = { authorization: `Bearer ${res.json().meta.token as string}`, ...JSON_API };
  const me = (await app.inject({ url: '/api/v1/users', headers })).json().data;
  return { headers, id: me.id as string, email: me.attributes.email as string };
}

async function meetingsOf(app: App, headers: Record<string, string>) {
  const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const res = await app.inject({
    url: `/api/v1/meetings?by_period[starts_at]=${from}&by_period[ends_at]=${to}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; attributes: { summary: string; starts_at: string } }[];
}

/** Every row of the public tables that names one of the people or companies (by a user_id or company_id). */
async function rowsOf(ctx: AppContext, userIds: string[], companyIds: string[]) {
  const { rows: columns } = await ctx.db.execute<{ table: string; column: string }>(sql`
    select table_name as table, column_name as column from information_schema.columns
     where table_schema = 'public' and column_name in ('user_id', 'company_id') and data_type = 'uuid'`);
  const counts: Record<string, number> = {};
  for (const { table, column } of columns) {
    const ids = column === 'user_id' ? userIds : companyIds;
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = any(${sql.param(ids)}::uuid[])`,
    );
    if (rows[0]!.n) counts[`${table}.${column}`] = rows[0]!.n;
  }
  const { rows: people } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where id = any(${sql.param(userIds)}::uuid[])`,
  );
  const { rows: teams } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from companies where id = any(${sql.param(companyIds)}::uuid[])`,
  );
  const { rows: notices } = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from mail_notices
     where split_part(key, '/', 2) = any(${sql.param([...userIds, ...companyIds])}::text[])`);
  if (people[0]!.n) counts.users = people[0]!.n;
  if (teams[0]!.n) counts.companies = teams[0]!.n;
  if (notices[0]!.n) counts.mail_notices = notices[0]!.n;
  return counts;
}

async function teamOf(ctx: AppContext, adminId: string) {
  const { rows } = await ctx.db.execute<{ id: string; email: string; company_id: string }>(
    sql`select id, email, company_id from users where company_id = (select company_id from users where id = ${adminId})`,
  );
  return { userIds: rows.map((r) => r.id), emails: rows.map((r) => r.email), companyId: rows[0]!.company_id };
}

describe('the demo: a team of its own for each visitor', () => {
  let ctx: TestContext;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_MODE: 'true', DEMO_PER_IP_PER_HOUR: '3' });
    app = await createTestApp(ctx, allRoutes);
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('gives two visitors separate teams: what one changes, the other never sees', async () => {
    const [a, b] = await Promise.all([visitor(app, '198.51.100.1'), visitor(app, '198.51.100.2')]);
    expect(a.id).not.toBe(b.id);
    expect(a.email).toMatch(/^alex@[a-z2-9]{10}\.northwind\.example$/);
    expect(b.email).toMatch(/^alex@[a-z2-9]{10}\.northwind\.example$/);
    expect(a.email).not.toBe(b.email);
    const teamA = await teamOf(ctx, a.id);
    const teamB = await teamOf(ctx, b.id);
    expect(teamA.userIds).toHaveLength(4);
    expect(teamB.userIds).toHaveLength(4);
    expect(teamA.companyId).not.toBe(teamB.companyId);

    // The same seeded demo for both.
    const meetingsA = await meetingsOf(app, a.headers);
    const meetingsB = await meetingsOf(app, b.headers);
    expect(meetingsA.length).toBeGreaterThan(5);
    expect(meetingsA.map((m) => m.attributes.summary).sort()).toEqual(
      meetingsB.map((m) => m.attributes.summary).sort(),
    );

    // Visitor A takes the tour, adds an agenda item and declines a meeting.
    const tour = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: a.headers,
      payload: JSON.stringify({
        data: { type: 'users', attributes: { onboarded: false, first_name: 'Ann' } },
      }),
    });
    expect(tour.statusCode).toBe(200);
    const vendorA = meetingsA.find((m) => m.attributes.summary === 'Vendor update')!;
    const added = await app.inject({
      method: 'POST',
      url: `/api/v1/meetings/${vendorA.id}/agenda_items`,
      headers: a.headers,
      payload: JSON.stringify({
        data: { type: 'agenda_items', attributes: { description: 'Only in A', duration_in_mins: 5 } },
      }),
    });
    expect(added.statusCode).toBe(201);
    // B cannot even open A's meeting.
    expect((await app.inject({ url: `/api/v1/meetings/${vendorA.id}`, headers: b.headers })).statusCode).toBe(
      404,
    );

    const meB = (await app.inject({ url: '/api/v1/users', headers: b.headers })).json().data.attributes;
    expect(meB).toMatchObject({ onboarded: true, first_name: 'Alex' });
    const vendorB = (await meetingsOf(app, b.headers)).find(
      (m) =>
        m.attributes.summary === 'Vendor update' && m.attributes.starts_at === vendorA.attributes.starts_at,
    )!;
    expect(vendorB.id).not.toBe(vendorA.id);
    const openedB = await app.inject({ url: `/api/v1/meetings/${vendorB.id}`, headers: b.headers });
    expect(openedB.statusCode).toBe(200);
    expect(openedB.body).not.toContain('Only in A');
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from agenda_items i join meetings m on m.id = i.meeting_id
       where m.user_id = any(${sql.param(teamB.userIds)}::uuid[]) and i.description = 'Only in A'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('works again for the next visitor after a visitor deleted their demo account', async () => {
    const first = await visitor(app, '198.51.100.3');
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/users?confirm=true',
      headers: first.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const next = await visitor(app, '198.51.100.3');
    expect(next.email).not.toBe(first.email);
    expect((await meetingsOf(app, next.headers)).length).toBeGreaterThan(5);
  });

  it('lets one address start only DEMO_PER_IP_PER_HOUR demos an hour, with a JSON:API error past it', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < 3; i++) expect((await tryDemo(app, address)).statusCode).toBe(201);
    const { rows: before } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from companies where is_demo`,
    );
    const refused = await tryDemo(app, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0]).toMatchObject({ status: '429' });
    const { rows: after } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from companies where is_demo`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    // Another address is not held back.
    expect((await tryDemo(app, '192.0.2.45')).statusCode).toBe(201);
  });

  it('removes an expired demo with everything of it, and nothing of a live demo or of anyone else', async () => {
    // A demo made a day and an hour ago (its past nudges seeded), with mail to its outside organizer.
    ctx.setNow(new Date(Date.now() - 25 * HOUR));
    const old = await createDemoTeam(ctx, { timeZone: 'Europe/Berlin' });
    ctx.setNow(null);
    await createSession(ctx.db, old.id);
    const expired = await teamOf(ctx, old.id);
    // What auto-balance's mail job writes: a warning to the organizer, and its notices.
    await deliverEmail(ctx, {
      key: `test-warning:${old.id}`,
      kind: 'decline_warning',
      to: ORGANIZER,
      subject: 'Vendor update may be declined',
      html: '<p>Keep this date</p>',
      text: 'Keep this date',
      userId: old.id,
    });
    await ctx.db.execute(sql`
      insert into mail_notices (key, starts_at, rules, email_key)
      values (${`user/${old.id}/decline_warning/${ORGANIZER}/e1`}, now(), '[]'::jsonb, ${`test-warning:${old.id}`}),
             (${`team/${old.companyId}/decline_warning/${ORGANIZER}/u1/x`}, now(), '[]'::jsonb, ${`test-warning:${old.id}`})`);
    await deliverEmail(ctx, {
      key: `test-sign-in:${old.id}`,
      kind: 'sign_in_link',
      to: expired.emails[1]!,
      subject: 'Your sign-in link',
      html: '<p>link</p>',
      text: 'link',
      userId: null,
    });
    await ctx.db.execute(
      sql`insert into sign_in_links (email, token_hash, expires_at) values (${expired.emails[2]!}, ${`h-${old.id}`}, now() + interval '1 hour')`,
    );

    // Riley was taken out of the team (into a demo company of Riley's own); Kai, a real person, joined it by
    // invite.
    const riley = expired.userIds[expired.emails.findIndex((e) => e.startsWith('riley@'))]!;
    const [rileyMembership] = await ctx.db
      .execute<{ id: string }>(sql`select id from memberships where user_id = ${riley}`)
      .then((r) => r.rows);
    await removeMember(ctx, { teamId: expired.companyId, actorId: old.id, memberId: rileyMembership!.id });
    const [rileyNow] = await ctx.db
      .execute<{ company_id: string }>(sql`select company_id from users where id = ${riley}`)
      .then((r) => r.rows);
    expect(rileyNow!.company_id).not.toBe(expired.companyId);
    const kai = await createUser(ctx, {
      email: 'kai@elsewhere.example',
      companyOf: { companyId: expired.companyId },
    });
    await createSession(ctx.db, kai.id);

    const liveAdmin = await createDemoTeam(ctx, { timeZone: 'America/New_York' });
    const live = await teamOf(ctx, liveAdmin.id);
    const someone = await createUser(ctx, { email: 'kim@acme.example' });
    await createSession(ctx.db, someone.id);
    await deliverEmail(ctx, {
      key: `test-other:${someone.id}`,
      kind: 'reminder',
      to: ORGANIZER,
      subject: 'A reminder',
      html: '<p>hi</p>',
      text: 'hi',
      userId: someone.id,
    });

    const expiredBefore = await rowsOf(ctx, expired.userIds, [expired.companyId, rileyNow!.company_id]);
    // It had meetings, calendars, sessions, actions and mail to its organizer: all of that must go.
    expect(expiredBefore).toMatchObject({
      users: 4,
      companies: 2,
      'meetings.user_id': expect.any(Number),
      'calendars.user_id': 4,
      'sessions.user_id': 1,
      'actions.user_id': expect.any(Number),
      'emails.user_id': 1,
      mail_notices: 2,
    });
    const { rows: toOrganizer } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from emails where user_id = any(${sql.param(expired.userIds)}::uuid[]) and "to" = ${ORGANIZER}`);
    expect(toOrganizer[0]!.n).toBeGreaterThan(0);
    const liveBefore = await rowsOf(ctx, live.userIds, [live.companyId]);
    const someoneBefore = await rowsOf(ctx, [someone.id], [someone.companyId!]);

    expect(buildCrontab(jobs)).toContain('*/10 * * * * demo_expiry ?max=3 {}');
    await demoExpiryJob.run(
      {},
      {
        ctx,
        attempt: 1,
        maxAttempts: 3,
        jobId: 'test',
        logger: new Logger(() => () => {}),
        abortSignal: new AbortController().signal,
      },
    );

    expect(await rowsOf(ctx, expired.userIds, [expired.companyId, rileyNow!.company_id])).toEqual({});
    // Kai keeps the account, in a team of Kai's own, signed in still.
    const [kaiNow] = await ctx.db
      .execute<{ company_id: string | null; role: string | null; sessions: number }>(sql`
      select u.company_id, m.role, (select count(*)::int from sessions s where s.user_id = u.id) as sessions
        from users u left join memberships m on m.user_id = u.id where u.id = ${kai.id}`)
      .then((r) => r.rows);
    expect(kaiNow).toMatchObject({ role: 'billing_admin', sessions: 1 });
    expect(kaiNow!.company_id).not.toBeNull();
    expect(kaiNow!.company_id).not.toBe(expired.companyId);
    const { rows: leftovers } = await ctx.db.execute<{ n: number }>(sql`
      select (select count(*) from emails where lower("to") = any(${sql.param(expired.emails)}::text[]))
           + (select count(*) from sign_in_links where lower(email) = any(${sql.param(expired.emails)}::text[])) as n`);
    expect(Number(leftovers[0]!.n)).toBe(0);
    expect(await rowsOf(ctx, live.userIds, [live.companyId])).toEqual(liveBefore);
    expect(await rowsOf(ctx, [someone.id], [someone.companyId!])).toEqual(someoneBefore);
    const { rows: kept } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from emails where idempotency_key = ${`test-other:${someone.id}`}`,
    );
    expect(kept[0]!.n).toBe(1);
  });
});

describe('the cap on live demos', () => {
  let ctx: TestContext;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_MODE: 'true', DEMO_MAX_TEAMS: '2' });
    app = await createTestApp(ctx, allRoutes);
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('removes the oldest demo for a new one once DEMO_MAX_TEAMS are live; its visitor is signed out', async () => {
    const first = await visitor(app, '198.51.100.10');
    const second = await visitor(app, '198.51.100.11');
    const third = await visitor(app, '198.51.100.12');
    const { rows } = await ctx.db.execute<{ email: string }>(
      sql`select u.email from companies c join users u on u.company_id = c.id where c.is_demo and u.email like 'alex@%'`,
    );
    expect(rows.map((r) => r.email).sort()).toEqual([second.email, third.email].sort());
    expect((await app.inject({ url: '/api/v1/users', headers: first.headers })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/users', headers: third.headers })).statusCode).toBe(200);

    // Two visitors at once at the cap: still two live demos, theirs.
    const [fourth, fifth] = await Promise.all([visitor(app, '198.51.100.13'), visitor(app, '198.51.100.14')]);
    const { rows: now } = await ctx.db.execute<{ email: string }>(
      sql`select u.email from companies c join users u on u.company_id = c.id where c.is_demo and u.email like 'alex@%'`,
    );
    expect(now.map((r) => r.email).sort()).toEqual([fourth.email, fifth.email].sort());
  });
});

describe('demo mail', () => {
  let ctx: TestContext;
  let app: App;
  let smtp: SmtpCapture;
  let worker: RunningWorker;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ DEMO_MODE: 'true', SMTP_URL: smtp.url });
    app = await createTestApp(ctx, allRoutes);
    worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    closeMailTransport(ctx.config);
    await ctx.close();
    await smtp.close();
  });

  async function settled() {
    await vi.waitFor(
      async () => {
        const { rows } = await ctx.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs
            where task_identifier in ('autobalance_email', 'autobalance_user') and run_at < now() + interval '1 minute'`,
        );
        expect(rows[0]!.n).toBe(0);
      },
      { timeout: 60_000, interval: 100 },
    );
  }

  it("stays in the outbox with SMTP set: nothing reaches the mail server, and the organizer's Keep this date page works", async () => {
    const demo = await visitor(app, '198.51.100.20');
    const team = await teamOf(ctx, demo.id);
    await reconcileUser(ctx, demo.id);
    await settled();
    // A mail to a demo person's address that no demo person wrote (a sign-in link, say).
    expect(
      await deliverEmail(ctx, {
        key: `test-link:${demo.id}`,
        kind: 'sign_in_link',
        to: team.emails.find((e) => e.startsWith('sam@'))!,
        subject: 'Your sign-in link',
        html: '<p>link</p>',
        text: 'link',
        requestedByRecipient: true,
      }),
    ).toBe('outbox');
    // The same server takes anyone else's mail.
    expect(
      await deliverEmail(ctx, {
        key: 'test-control',
        kind: 'reminder',
        to: 'kim@acme.example',
        subject: 'Not a demo',
        html: '<p>hi</p>',
        text: 'hi',
      }),
    ).toBe('sent');

    const { rows } = await ctx.db.execute<{ to: string; status: string; html: string }>(sql`
      select "to", status, html from emails
       where user_id = any(${sql.param(team.userIds)}::uuid[]) or lower("to") = any(${sql.param(team.emails)}::text[])`);
    const toOrganizer = rows.filter((r) => r.to === ORGANIZER);
    expect(toOrganizer.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['outbox']));
    expect(smtp.messages.map((m) => m.to)).toEqual([['kim@acme.example']]);

    // The visitor reads the organizer's mail in the demo's outbox, and its link works there.
    const outbox = await app.inject({ url: '/api/v1/outbox', headers: demo.headers });
    expect(
      outbox.json().data.some((m: { attributes: { to: string } }) => m.attributes.to === ORGANIZER),
    ).toBe(true);
    // Every warning still open (its deadline ahead) opens its Keep this date page; past ones were declined.
    const tokens = toOrganizer
      .flatMap((r) => hrefs(r.html))
      .filter((href) => href.includes('/prevent-decline?token='))
      .map((href) => new URL(href).searchParams.get('token')!);
    const open: string[] = [];
    for (const token of tokens) {
      const { rows: found } = await ctx.db.execute<{ open: boolean }>(sql`
        select prevent_token_expires_at > now() as open from actions
         where prevent_token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`);
      const details = await app.inject({
        url: `/api/v1/users/meetings/details/${encodeURIComponent(token)}`,
      });
      expect(details.statusCode).toBe(found[0]?.open ? 200 : 404);
      if (found[0]?.open) open.push(token);
    }
    expect(open.length).toBeGreaterThan(0);
    const token = open.at(-1)!;
    const kept = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/prevent_decline/${encodeURIComponent(token)}`,
      headers: JSON_API,
      payload: JSON.stringify({ data: { attributes: { organizer_notes: 'We need Alex there.' } } }),
    });
    expect(kept.statusCode).toBe(200);
    await settled();
    expect(smtp.messages).toHaveLength(1);
  });
});
