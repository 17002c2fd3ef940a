import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSource } from '../../../calendars/sources';
import { loadConfig } from '../../../config';
import type { AppContext } from '../../../context';
import {
  agendaItems,
  calendars,
  emailOptOuts,
  emails,
  invites,
  meetings,
  signInLinks,
  users,
} from '../../../db/schema';
import type { App } from '../../../http/app';
import type { JobHelpers } from '../../../jobs/define';
import { type RunningWorker, startWorker } from '../../../jobs/worker';
import { hashToken, randomToken } from '../../../lib/crypto';
import { createTestApp, createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { waitForValue } from '../../../test/wait';
import { runCalendarSync } from '../../calendars/sync/run-sync';
import {
  type CapturedMail,
  hrefs,
  type SmtpCapture,
  startSmtpCapture,
} from '../../mail/testing/smtp-capture';
import { closeMailTransport } from '../../mail/transport';
import { userRoutes } from '../../users/routes';
import { authRoutes } from '../routes';
import { LINKS_PER_ADDRESS, requestSignInLink } from './links';
import { emailLinkRoutes, LINK_REQUESTS_PER_IP } from './routes';
import { signInLinkEmailJob } from './sign-in-link-email.job';

const APP_URL = 'https://app.meetwell.test';
const JSON_API = 'application/vnd.api+json';

let smtp: SmtpCapture;
let ctx: TestContext;
let worker: RunningWorker;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL });
  worker = await startWorker(ctx, {
    concurrency: 2,
    crontab: false,
    pollInterval: 100,
    registry: { sign_in_link_email: signInLinkEmailJob },
  });
  app = await createTestApp(ctx, [authRoutes, emailLinkRoutes, userRoutes]);
});
afterAll(async () => {
  await app?.close();
  await worker?.stop();
  closeMailTransport(ctx.config);
  await ctx?.close();
  await smtp?.close();
});

let addressCount = 0;
/** A fresh address on a company domain, so tests never share a budget or an inbox. */
const freshAddress = (name = 'kim') =>
  `${name}@newco${++addressCount}-${randomToken(4)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}.example`;

/** Every test asks from an address of its own: the per-IP budget is a test of its own. */
let ipCount = 0;
const freshIp = () => `10.0.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

function requestLink(email: unknown, options: { ip?: string; target?: App } = {}) {
  return (options.target ?? app).inject({
    method: 'POST',
    url: '/api/v1/sign_in_links',
    remoteAddress: options.ip ?? freshIp(),
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'sign_in_links', attributes: { email, time_zone: 'Europe/Paris' } } },
  });
}

function consume(token: string, options: { target?: App; timeZone?: string } = {}) {
  return (options.target ?? app).inject({
    method: 'POST',
    url: '/api/v1/sign_in_links/consume',
    remoteAddress: freshIp(),
    headers: { 'content-type': JSON_API, 'user-agent': 'link-test' },
    payload: {
      data: {
        type: 'sign_in_links',
        attributes: { token, ...(options.timeZone ? { time_zone: options.timeZone } : {}) },
      },
    },
  });
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const mailTo = (email: string) => waitForValue(async () => mailsTo(email)[0]);

function tokenOf(mail: CapturedMail): string {
  const link = hrefs(mail.html).find((href) => href.startsWith(`${APP_URL}/sign-in/`));
  if (!link) throw new Error(`no sign-in link in "${mail.subject}"`);
  return decodeURIComponent(link.slice(`${APP_URL}/sign-in/`.length));
}

async function linkFor(email: string) {
  expect((await requestLink(email)).statusCode).toBe(202);
  return tokenOf(await mailTo(email));
}

const cookieHeader = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

describe('sign-in by e-mail link', () => {
  it('mails a link that creates the account and signs the browser in, once', async () => {
    const email = freshAddress();
    const requested = await requestLink(email);
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ meta: { sent: true } });

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Your MeetWell sign-in link');
    const token = tokenOf(mail);
    expect(mail.text).toContain(`${APP_URL}/sign-in/${token}`);
    expect(mail.text).toContain('works once, for 15 minutes');
    // Only the token's hash is stored.
    const [link] = await ctx.db.select().from(signInLinks).where(eq(signInLinks.email, email));
    expect(link!.tokenHash).toBe(hashToken(token));
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(15 * 60_000);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const signedIn = await consume(token, { timeZone: 'Asia/Tokyo' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.attributes).toMatchObject({ email, time_zone: 'Asia/Tokyo' });
    expect(signedIn.json().meta).toEqual({ created: true });
    const session = signedIn.cookies.find((c) => c.name === 'MWToken');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });

    const me = await app.inject({ url: '/api/v1/users', headers: { cookie: cookieHeader(signedIn) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email).toBe(email);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: true, companyId: expect.any(String) });

    const again = await consume(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0]).toMatchObject({
      status: '410',
      code: 'sign_in_link_invalid',
      detail: expect.stringMatching(/expired or was already used/),
    });
    expect(again.cookies).toHaveLength(0);
  });

  it('moves a returning person to the zone their browser is in now, with their files’ all-day and floating-time events', async () => {
    const email = freshAddress();
    /** A new link for the address (its mails so far are spent). */
    const nextLinkFor = async () => {
      const before = mailsTo(email).length;
      expect((await requestLink(email)).statusCode).toBe(202);
      return tokenOf(await waitForValue(async () => mailsTo(email)[before]));
    };
    expect((await consume(await linkFor(email), { timeZone: 'America/Los_Angeles' })).statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({
        userId: user!.id,
        provider: 'ics',
        externalId: `import:${user!.id}`,
        name: 'Holidays',
        watching: true,
        timeZone: 'America/Los_Angeles',
      })
      .returning();
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    await saveCalendarSource(
      ctx.pool,
      calendar!.id,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:holiday',
        `DTSTART;VALUE=DATE:${day}`,
        'SUMMARY:Holiday',
        'END:VEVENT',
        // A weekly meeting in floating time: 9:00 wherever its reader is.
        'BEGIN:VEVENT',
        'UID:standup',
        `DTSTART:${day}T090000`,
        'DURATION:PT30M',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Standup',
        'ORGANIZER:mailto:lead@elsewhere.example',
        `ATTENDEE:mailto:${email}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    await runCalendarSync(ctx, { calendarId: calendar!.id, mode: 'full' });
    const holiday = () =>
      ctx.db
        .select({ startsAt: meetings.startsAt })
        .from(meetings)
        .where(and(eq(meetings.calendarId, calendar!.id), eq(meetings.summary, 'Holiday')));
    const standups = () =>
      ctx.db
        .select({ id: meetings.id, startsAt: meetings.startsAt })
        .from(meetings)
        .where(and(eq(meetings.calendarId, calendar!.id), eq(meetings.summary, 'Standup')))
        .orderBy(meetings.startsAt);
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    const [firstStandup] = await standups();
    const wallClock = (at: Date, timeZone: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(at);
    expect(wallClock(firstStandup!.startsAt, 'America/Los_Angeles')).toBe(`${iso} 09:00`);
    // What the person adds to an occurrence is theirs, wherever they read it from.
    await ctx.db
      .insert(agendaItems)
      .values({ meetingId: firstStandup!.id, description: 'Demo the new report', source: 'app' });
    expect((await holiday())[0]!.startsAt.toISOString()).toBe(`${iso}T08:00:00.000Z`);

    const again = await consume(await nextLinkFor(), { timeZone: 'Asia/Tokyo' });
    expect(again.json().data.attributes.time_zone).toBe('Asia/Tokyo');
    const [moved] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar!.id));
    expect(moved!.timeZone).toBe('Asia/Tokyo');
    // Asked to be read again in full (its job, run here): the holiday is the Tokyo midnights of its date.
    expect(moved!.syncStatus).toBe('queued');
    await runCalendarSync(ctx, { calendarId: calendar!.id, mode: 'full' });
    const previousDay = new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await holiday())[0]!.startsAt.toISOString()).toBe(`${previousDay}T15:00:00.000Z`);
    // The weekly meeting is at 9:00 in Tokyo now, the same occurrences with what the person added.
    const moved3 = await standups();
    expect(moved3).toHaveLength(3);
    expect(moved3[0]!.id).toBe(firstStandup!.id);
    expect(wallClock(moved3[0]!.startsAt, 'Asia/Tokyo')).toBe(`${iso} 09:00`);
    const kept = await ctx.db.select().from(agendaItems).where(eq(agendaItems.meetingId, firstStandup!.id));
    expect(kept.map((item) => item.description)).toEqual(['Demo the new report']);
    // An unknown zone changes nothing.
    await consume(await nextLinkFor(), { timeZone: 'Mars/Olympus' });
    const [after] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(after!.timeZone).toBe('Asia/Tokyo');
  });

  it('refuses an expired link (410) and an unknown one', async () => {
    const email = freshAddress();
    const token = await linkFor(email);
    ctx.setNow(new Date(Date.now() + 15 * 60_000 + 1_000));
    try {
      const late = await consume(token);
      expect(late.statusCode).toBe(410);
      expect(late.json().errors[0].code).toBe('sign_in_link_invalid');
    } finally {
      ctx.setNow(null);
    }
    expect((await consume(randomToken(32))).statusCode).toBe(410);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('answers a known and an unknown address alike, and mails both', async () => {
    const known = await createUser(ctx, { email: freshAddress('ada') });
    const unknown = freshAddress('bo');
    const forKnown = await requestLink(known.email);
    const forUnknown = await requestLink(unknown);
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.body).toBe(forUnknown.body);
    const sameHeaders = (h: Record<string, unknown>) => ({
      type: h['content-type'],
      cookie: h['set-cookie'],
    });
    expect(sameHeaders(forKnown.headers)).toEqual(sameHeaders(forUnknown.headers));

    // The known person signs in to their own account; nothing new is created for them.
    const signedIn = await consume(tokenOf(await mailTo(known.email)));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.id).toBe(known.id);
    expect(signedIn.json().meta).toEqual({ created: false });
    expect(await mailTo(unknown)).toBeTruthy();
  });

  it('sends an address no more than its budget of links, and still answers 202', async () => {
    const email = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LINKS_PER_ADDRESS + 2; i++) statuses.push((await requestLink(email)).statusCode);
    expect(statuses.every((s) => s === 202)).toBe(true);
    await waitForValue(async () => mailsTo(email).length >= LINKS_PER_ADDRESS);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(mailsTo(email)).toHaveLength(LINKS_PER_ADDRESS);
    const rows = await ctx.db.select().from(signInLinks).where(eq(signInLinks.email, email));
    expect(rows).toHaveLength(LINKS_PER_ADDRESS);
    // Concurrent requests queue behind each other: still no more than the budget.
    const burst = freshAddress();
    await Promise.all(Array.from({ length: 6 }, () => requestLink(burst)));
    expect(await ctx.db.select().from(signInLinks).where(eq(signInLinks.email, burst))).toHaveLength(
      LINKS_PER_ADDRESS,
    );
  });

  it('refuses a malformed address with 422 and records nothing', async () => {
    for (const email of ['not-an-address', 'kim@', '   ']) {
      const response = await requestLink(email);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0]).toMatchObject({
        code: 'unprocessable',
        source: { pointer: '/data/attributes/email' },
      });
    }
    expect((await requestLink(42)).statusCode).toBe(400);
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInLinks)
      .where(sql`${signInLinks.email} in ('not-an-address', 'kim@', '')`);
    expect(count!.n).toBe(0);
  });

  it('limits the links asked for from one IP address (429)', async () => {
    // Windows are aligned to the clock: never start in the last seconds of one.
    const windowMs = 15 * 60_000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
    const ip = '192.0.2.77';
    const email = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_REQUESTS_PER_IP.max; i++)
      statuses.push((await requestLink(email, { ip })).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another machine is not held back.
    expect((await requestLink(email)).statusCode).toBe(202);
  });

  it('lets exactly one of two simultaneous uses of a link sign in', async () => {
    const email = freshAddress();
    const token = await linkFor(email);
    const results = await Promise.all([consume(token), consume(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('creates one account when two links of a new address are used at once', async () => {
    const email = freshAddress();
    expect((await requestLink(email)).statusCode).toBe(202);
    expect((await requestLink(email)).statusCode).toBe(202);
    await waitForValue(async () => mailsTo(email).length >= 2);
    const [first, second] = mailsTo(email).map(tokenOf);
    const results = await Promise.all([consume(first!), consume(second!)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]!.json().data.id).toBe(results[1]!.json().data.id);
  });

  it('sends the link to an address that opted out of our mail: the person asked for it', async () => {
    const email = freshAddress();
    await ctx.db.insert(emailOptOuts).values({ email });
    expect((await requestLink(email)).statusCode).toBe(202);
    expect((await mailTo(email)).subject).toBe('Your MeetWell sign-in link');
  });

  it('keeps no working link in the stored copy once the mail server took it', async () => {
    const email = freshAddress();
    const token = await linkFor(email);
    const row = await waitForValue(async () => {
      const [found] = await ctx.db.select().from(emails).where(eq(emails.to, email));
      return found?.status === 'sent' && !found.html.includes(token) ? found : null;
    });
    expect(row.kind).toBe('sign_in_link');
    expect(row.text).not.toContain(token);
    expect(row.text).toContain(`${APP_URL}/sign-in/[removed]`);
  });

  it('joins the pending invite of the address', async () => {
    const admin = await createUser(ctx);
    const email = freshAddress();
    await ctx.db.insert(invites).values({
      companyId: admin.companyId!,
      email,
      invitedById: admin.id,
      tokenHash: hashToken(randomToken()),
    });
    const signedIn = await consume(await linkFor(email));
    expect(signedIn.statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user!.companyId).toBe(admin.companyId);
    const [invite] = await ctx.db.select().from(invites).where(eq(invites.email, email));
    expect(invite!.acceptedAt).not.toBeNull();
  });

  it('signs a deactivated person in (they choose a plan next)', async () => {
    const person = await createUser(ctx, { email: freshAddress() });
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date(), deactivatedReason: 'trial_ended' })
      .where(eq(users.id, person.id));
    const signedIn = await consume(await linkFor(person.email));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.attributes.deactivated_at).not.toBeNull();
  });

  it('does not hand over an account whose address no issuer vouched for', async () => {
    const person = await createUser(ctx, { email: freshAddress() });
    await ctx.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.id));
    const refused = await consume(await linkFor(person.email));
    expect(refused.statusCode).toBe(409);
    expect(refused.cookies).toHaveLength(0);
  });
});

describe('without a mail server', () => {
  it('keeps the mail in the outbox and writes the link to the log, where the operator finds it', async () => {
    const queued: { linkId: string; sealedToken: string }[] = [];
    const noSmtp: AppContext = {
      ...ctx,
      config: { ...ctx.config, mail: { ...ctx.config.mail, smtpUrl: undefined } },
      jobs: {
        ...ctx.jobs,
        enqueue: async (_name, payload) => {
          queued.push(payload as { linkId: string; sealedToken: string });
        },
      },
    };
    const email = freshAddress();
    expect(await requestSignInLink(noSmtp, email)).toBe('queued');
    const warnings: string[] = [];
    const log = (message: string) => warnings.push(message);
    await signInLinkEmailJob.run(queued[0]!, {
      ctx: noSmtp,
      attempt: 1,
      maxAttempts: 5,
      jobId: '1',
      logger: { debug: () => {}, info: () => {}, warn: log, error: log },
      abortSignal: new AbortController().signal,
    } satisfies JobHelpers);
    const [row] = await ctx.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, email), eq(emails.kind, 'sign_in_link')));
    expect(row!.status).toBe('outbox');
    const url = /https:\/\/app\.meetwell\.test\/sign-in\/(\S+)/.exec(warnings.join('\n'));
    expect(warnings[0]).toContain(email);
    expect(url).not.toBeNull();
    expect(row!.text).toContain(url![0]);
    expect((await consume(decodeURIComponent(url![1]!))).statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('switched off', () => {
  it('answers 404 on both routes and tells the web app', async () => {
    const off = await createTestApp({ ...ctx, config: { ...ctx.config, emailSignIn: false } }, [
      authRoutes,
      emailLinkRoutes,
    ]);
    try {
      expect((await requestLink(freshAddress(), { target: off })).statusCode).toBe(404);
      expect((await consume(randomToken(), { target: off })).statusCode).toBe(404);
      const providers = await off.inject({ url: '/api/v1/auth/providers' });
      expect(providers.json().meta.email_enabled).toBe(false);
    } finally {
      await off.close();
    }
    expect((await app.inject({ url: '/api/v1/auth/providers' })).json().meta.email_enabled).toBe(true);
  });

  it('is on by default only without single sign-on (EMAIL_SIGN_IN auto)', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig({}).emailSignIn).toBe(true);
    expect(loadConfig(google).emailSignIn).toBe(false);
    expect(loadConfig({ ...google, EMAIL_SIGN_IN: 'on' }).emailSignIn).toBe(true);
    expect(loadConfig({ EMAIL_SIGN_IN: 'off' }).emailSignIn).toBe(false);
    expect(() => loadConfig({ EMAIL_SIGN_IN: 'maybe' })).toThrow(/EMAIL_SIGN_IN/);
  });
});
