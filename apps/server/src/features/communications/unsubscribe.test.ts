import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, calendars, emailOptOuts, emails, users } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, browserFor, createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';
import { sendActionEmail, sendDeclineWarning } from '../autobalance/action-emails';
import { insertMeeting } from '../autobalance/testing';
import { deliverEmail } from '../mail/deliver';
import {
  declineNoticeEmail,
  declinePreventedEmail,
  declineWarningEmail,
  type MeetingFacts,
  organizerReminderEmail,
  userPostActionEmail,
  userPreActionEmail,
} from '../mail/templates/messages';
import { unsubscribeConfirmationEmail } from '../mail/templates/unsubscribe-confirmation';
import { type CapturedMail, hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { userRoutes } from '../users/routes';
import { BARE_FORM_LIMIT, communicationRoutes } from './routes';
import { CONFIRMATIONS_PER_DAY, unsubscribeConfirmationJob } from './unsubscribe-confirmation.job';
import { oneClickUnsubscribeUrl, signedUnsubscribePageUrl, unsubscribeSignature } from './unsubscribe-link';

const APP_URL = 'https://app.meetwell.test';
const ONE_CLICK = '/api/v1/communications/email/unsubscribe';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let smtp: SmtpCapture;
let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;
let worker: RunningWorker;
let sequence = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL });
  app = await createTestApp(ctx, [communicationRoutes, userRoutes]);
  worker = await startWorker(ctx, {
    concurrency: 1,
    crontab: false,
    pollInterval: 100,
    registry: { unsubscribe_confirmation: unsubscribeConfirmationJob },
  });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  closeMailTransport(ctx.config);
  await ctx.close();
  await smtp.close();
});

const facts = (organizerEmail: string, userEmail = 'ada@example.com'): MeetingFacts => ({
  summary: 'Quarterly sync',
  startsAt: new Date('2030-03-04T15:00:00Z'),
  timeZone: 'Europe/Paris',
  userName: 'Ada Lovelace',
  userEmail,
  organizerEmail,
  violations: ['No agenda'],
  deadline: new Date('2030-03-04T03:00:00Z'),
});

/** Sends one mail of a kind to `to` through the real SMTP server, with a subject of its own to find it by. */
async function send(kind: string, to: string) {
  sequence += 1;
  const rendered = await organizerReminderEmail(facts(to), APP_URL);
  return deliverEmail(ctx, {
    key: `test/${kind}/${sequence}`,
    kind,
    to,
    ...rendered,
    subject: `Mail ${sequence}`,
  });
}

function oneClickPath(email: string, sig = unsubscribeSignature(ctx, email)) {
  return `${ONE_CLICK}?e=${encodeURIComponent(email)}&sig=${sig}`;
}

const optedOut = async (email: string) =>
  (await ctx.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, email))).length > 0;

const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

const pendingConfirmations = async () =>
  (
    await ctx.pool.query(
      `select 1 from graphile_worker.jobs where task_identifier = 'unsubscribe_confirmation'`,
    )
  ).rowCount ?? 0;

async function askOnBareForm(email: string, remoteAddress = '10.0.0.1') {
  const response = await app.inject({
    url: `/api/v1/communications/email/opt-out?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });
  await waitForValue(async () => (await pendingConfirmations()) === 0);
  return response;
}

function expectSigned(mail: CapturedMail, to: string) {
  expect(mail.headers['list-unsubscribe']).toBe(`<${oneClickUnsubscribeUrl(ctx, to)}>`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const page = signedUnsubscribePageUrl(ctx, to);
  expect(hrefs(mail.html)).toContain(page);
  expect(mail.text).toContain(page);
  expect(mail.html + mail.text).not.toContain('unsubscribe?email=');
}

describe('every mail carries a signed one-click unsubscribe', () => {
  it('in its headers (RFC 8058) and its footer, for every kind the product sends', async () => {
    const organizer = 'Boss@Partner.example';
    const to = 'boss@partner.example';
    const user = 'ada@example.com';
    const kinds = [
      ['reminder', organizer, await organizerReminderEmail(facts(organizer), APP_URL)],
      ['decline_warning', organizer, await declineWarningEmail(facts(organizer), APP_URL, 'tok')],
      ['decline_notice', organizer, await declineNoticeEmail(facts(organizer), APP_URL)],
      ['pre_action', user, await userPreActionEmail(facts(organizer), APP_URL, 'decline')],
      ['post_action', user, await userPostActionEmail(facts(organizer), APP_URL, 'remind')],
      ['decline_prevented', user, await declinePreventedEmail(facts(organizer), APP_URL, 'Board')],
    ] as const;
    for (const [kind, address, rendered] of kinds) {
      expect(await deliverEmail(ctx, { key: `every/${kind}`, kind, to: address, ...rendered })).toBe('sent');
      const [mail] = smtp.messages.filter((m) => m.subject === rendered.subject);
      expectSigned(mail!, address === organizer ? to : user);
    }
    const confirmation = await unsubscribeConfirmationEmail(signedUnsubscribePageUrl(ctx, to));
    await deliverEmail(ctx, {
      key: 'every/confirmation',
      kind: 'unsubscribe_confirmation',
      to,
      ...confirmation,
      requestedByRecipient: true,
    });
    const [mail] = smtp.messages.filter((m) => m.subject === confirmation.subject);
    expectSigned(mail!, to);
  });

  it('also in the outbox copy kept without an SMTP server', async () => {
    const outbox = await createTestContext({ APP_URL });
    try {
      const rendered = await organizerReminderEmail(facts('kept@partner.example'), APP_URL);
      await deliverEmail(outbox, { key: 'kept', kind: 'reminder', to: 'kept@partner.example', ...rendered });
      const [row] = await outbox.db.select().from(emails).where(eq(emails.idempotencyKey, 'kept'));
      const page = signedUnsubscribePageUrl(outbox, 'kept@partner.example');
      expect(hrefs(row!.html)).toContain(page);
      expect(row!.text).toContain(page);
    } finally {
      await outbox.close();
    }
  });
});

describe('the signed link', () => {
  it('one-click POST (a form, no session, no CSRF token) opts the address out at once', async () => {
    const to = 'oneclick@partner.example';
    expect(await send('reminder', to)).toBe('sent');
    const response = await app.inject({
      method: 'POST',
      url: oneClickPath(to),
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      type: 'email_opt_outs',
      attributes: { email: to, opted_out: true },
    });
    expect(await optedOut(to)).toBe(true);
    const before = received(to).length;
    for (const kind of ['reminder', 'pre_action', 'post_action', 'decline_prevented']) {
      expect(await send(kind, to)).toBe('opted_out');
    }
    expect(received(to)).toHaveLength(before);
  });

  it('accepts the multipart form some mail clients send, and a signed-in browser without CSRF token', async () => {
    const multipart = await app.inject({
      method: 'POST',
      url: oneClickPath('multipart@partner.example'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await optedOut('multipart@partner.example')).toBe(true);

    const user = await createUser(ctx);
    const { 'x-csrf-token': _csrf, 'content-type': _type, ...cookieOnly } = await browserFor(ctx, user.id);
    const withCookie = await app.inject({
      method: 'POST',
      url: oneClickPath('cookie@partner.example'),
      headers: { ...cookieOnly, ...FORM },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(withCookie.statusCode).toBe(200);
    expect(await optedOut('cookie@partner.example')).toBe(true);
  });

  it('GET (a person, or a scanner prefetching) changes nothing and leads to the page that confirms', async () => {
    const to = 'prefetched@partner.example';
    const response = await app.inject({ url: oneClickPath(to) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/unsubscribe?e=${encodeURIComponent(to)}&sig=${unsubscribeSignature(ctx, to)}`,
    );
    expect(await optedOut(to)).toBe(false);
    expect(await send('reminder', to)).toBe('sent');
  });

  it('refuses a wrong, borrowed or missing signature with a JSON:API error, changing nothing', async () => {
    const victim = 'victim@partner.example';
    const attempts = [
      { method: 'POST' as const, url: oneClickPath(victim, 'A'.repeat(43)) },
      { method: 'POST' as const, url: oneClickPath(victim, unsubscribeSignature(ctx, 'me@partner.example')) },
      { method: 'GET' as const, url: oneClickPath(victim, 'not-a-signature') },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0]).toMatchObject({ code: 'forbidden', source: { parameter: 'sig' } });
    }
    const missing = await app.inject({
      method: 'POST',
      url: `${ONE_CLICK}?e=${encodeURIComponent(victim)}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(missing.statusCode).toBe(400);
    expect(await optedOut(victim)).toBe(false);
  });
});

describe('the bare form', () => {
  it('changes nothing until the mailed link is followed, and answers the same for an unknown address', async () => {
    const known = await createUser(ctx, { email: 'known@customer.example' });
    const knownAnswer = await askOnBareForm('Known@Customer.example');
    const unknownAnswer = await askOnBareForm('nobody@customer.example');
    expect(knownAnswer.statusCode).toBe(200);
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    const shape = (body: string) => body.replaceAll('known@', 'X@').replaceAll('nobody@', 'X@');
    expect(shape(unknownAnswer.body)).toBe(shape(knownAnswer.body));
    expect(received('nobody@customer.example')).toEqual([]);

    // Nothing changed: the account still gets its mail.
    expect(await optedOut('known@customer.example')).toBe(false);
    expect(await send('pre_action', known.email)).toBe('sent');

    const [confirmation] = received('known@customer.example').filter((m) => m.subject.startsWith('Confirm'));
    const link = hrefs(confirmation!.html).find((href) => href.startsWith(`${APP_URL}/unsubscribe?e=`));
    expect(link).toBe(signedUnsubscribePageUrl(ctx, 'known@customer.example'));
    const query = new URL(link!).search;
    const confirmed = await app.inject({ method: 'POST', url: `${ONE_CLICK}${query}` });
    expect(confirmed.statusCode).toBe(200);
    expect(await optedOut('known@customer.example')).toBe(true);
    expect(await send('pre_action', known.email)).toBe('opted_out');
    const [account] = await ctx.db.select().from(users).where(eq(users.id, known.id));
    expect(account!.communicationPrefs).toMatchObject({
      email_reminders: false,
      email_weekly_reports: false,
      email_tips: false,
      all_communications: true,
      email_if_organizer: true,
    });
  });

  it('keeps the spec message for an address that does not look right', async () => {
    const response = await app.inject({ url: '/api/v1/communications/email/opt-out?email=not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].detail).toBe("Hmm. That email doesn't look right");
  });

  it('mails one confirmation per address and window, and a few a day at most, whoever asks', async () => {
    const to = 'often@partner.example';
    expect(await send('reminder', to)).toBe('sent');
    const confirmations = () => received(to).filter((m) => m.subject.startsWith('Confirm')).length;
    try {
      ctx.setNow(new Date('2030-01-01T10:01:00Z'));
      await askOnBareForm(to, '10.0.1.1');
      await askOnBareForm(to, '10.0.1.2');
      await askOnBareForm(to.toUpperCase(), '10.0.1.3');
      expect(confirmations()).toBe(1);
      for (let hour = 11; hour < 11 + CONFIRMATIONS_PER_DAY + 1; hour++) {
        ctx.setNow(new Date(`2030-01-01T${hour}:01:00Z`));
        await askOnBareForm(to, `10.0.1.${hour}`);
      }
      expect(confirmations()).toBe(CONFIRMATIONS_PER_DAY);
    } finally {
      ctx.setNow(null);
    }
  });

  it('is limited per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= BARE_FORM_LIMIT.max; i++) {
      const response = await app.inject({
        url: `/api/v1/communications/email/opt-out?email=someone${i}@partner.example`,
        remoteAddress: '10.0.2.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, BARE_FORM_LIMIT.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await app.inject({
      url: '/api/v1/communications/email/opt-out?email=someone@partner.example',
      remoteAddress: '10.0.2.2',
    });
    expect(elsewhere.statusCode).toBe(200);
    await waitForValue(async () => (await pendingConfirmations()) === 0);
  });
});

describe('the page without JavaScript: its forms posted as plain forms', () => {
  const post = (payload: string, remoteAddress = '10.0.3.1', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: { ...FORM, ...headers },
      payload,
      remoteAddress,
    });

  it('opts the signed address out and redirects to the page saying so, even with a session and no CSRF token', async () => {
    const to = 'plainform@partner.example';
    expect(await send('reminder', to)).toBe('sent');
    const user = await createUser(ctx);
    const { 'x-csrf-token': _csrf, 'content-type': _type, ...cookieOnly } = await browserFor(ctx, user.id);
    const response = await post(
      new URLSearchParams({ e: to, sig: unsubscribeSignature(ctx, to) }).toString(),
      '10.0.3.1',
      cookieOnly,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/unsubscribe?status=unsubscribed');
    expect(await optedOut(to)).toBe(true);
    expect(await send('reminder', to)).toBe('opted_out');
  });

  it('refuses a wrong signature (to the page that offers the bare form), changing nothing', async () => {
    const victim = 'plainvictim@partner.example';
    const response = await post(
      new URLSearchParams({ e: victim, sig: unsubscribeSignature(ctx, 'me@partner.example') }).toString(),
      '10.0.3.2',
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/unsubscribe?status=invalid_link');
    expect(await optedOut(victim)).toBe(false);
  });

  it('mails a typed address its link, and says the spec message for one that does not look right', async () => {
    const to = 'typed@partner.example';
    expect(await send('reminder', to)).toBe('sent');
    const response = await post(`email=${encodeURIComponent(' Typed@Partner.example ')}`, '10.0.3.3');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/unsubscribe?status=sent');
    await waitForValue(async () => (await pendingConfirmations()) === 0);
    const confirmation = await waitForValue(
      async () => received(to).find((m) => m.subject.startsWith('Confirm')) ?? null,
    );
    expect(hrefs(confirmation.html)).toContain(signedUnsubscribePageUrl(ctx, to));
    expect(await optedOut(to)).toBe(false);

    for (const payload of ['email=not-an-email', '', 'other=1']) {
      const bad = await post(payload, '10.0.3.4');
      expect(bad.statusCode).toBe(303);
      expect(bad.headers.location).toBe('/unsubscribe?status=invalid_email');
    }
  });

  it('answers too many posts from one address with the page saying so, not with JSON', async () => {
    const answers = [];
    for (let i = 0; i <= BARE_FORM_LIMIT.max; i++) answers.push(await post('email=not-an-email', '10.0.3.9'));
    expect(answers.slice(0, -1).map((a) => a.headers.location)).toEqual(
      Array(BARE_FORM_LIMIT.max).fill('/unsubscribe?status=invalid_email'),
    );
    const limited = answers.at(-1)!;
    expect(limited.statusCode).toBe(303);
    expect(limited.headers.location).toBe('/unsubscribe?status=rate_limited');
  });

  it('keeps the one-click POST of mail clients (RFC 8058) working beside it', async () => {
    const to = 'stillone@partner.example';
    const response = await app.inject({
      method: 'POST',
      url: oneClickPath(to),
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await optedOut(to)).toBe(true);
  });
});

describe('turning mail back on', () => {
  it('in the account clears the opt-out, and the next mail is sent', async () => {
    const user = await createUser(ctx);
    const address = user.email.toLowerCase();
    await app.inject({ method: 'POST', url: oneClickPath(address), headers: FORM, payload: '' });
    expect(await send('reminder', user.email)).toBe('opted_out');
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: { data: { type: 'users', attributes: { communication_prefs: { all_communications: true } } } },
    });
    expect(response.statusCode).toBe(200);
    expect(await optedOut(address)).toBe(false);
    expect(await send('reminder', user.email)).toBe('sent');
  });

  it('turning a switch off leaves an opt-out in place', async () => {
    const user = await createUser(ctx);
    const address = user.email.toLowerCase();
    await app.inject({ method: 'POST', url: oneClickPath(address), headers: FORM, payload: '' });
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: { data: { type: 'users', attributes: { communication_prefs: { email_tips: false } } } },
    });
    expect(await optedOut(address)).toBe(true);
  });
});

describe('mails that protect a meeting', () => {
  async function scheduledDecline(organizerEmail: string) {
    const user = await createUser(ctx);
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({ userId: user.id, provider: 'ics', externalId: 'upload', name: 'Work', watching: true })
      .returning();
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const meeting = await insertMeeting(ctx, { user, calendar: calendar! }, { startsAt, organizerEmail });
    const [action] = await ctx.db
      .insert(actions)
      .values({
        userId: user.id,
        meetingId: meeting.id,
        action: 'decline',
        organizerEmail,
        meetingSummary: meeting.summary,
        detailsNegative: { agenda: 'No agenda' },
        complianceDeadline: new Date(startsAt.getTime() - 12 * 3_600_000),
      })
      .returning();
    return action!;
  }

  it('still reach an organizer who unsubscribed: the warning before a decline, not the reminder', async () => {
    const organizer = 'opted-out-organizer@partner.example';
    await app.inject({ method: 'POST', url: oneClickPath(organizer), headers: FORM, payload: '' });
    expect(await optedOut(organizer)).toBe(true);
    const action = await scheduledDecline(organizer);

    expect(await sendActionEmail(ctx, action.id, 'reminder')).toBe('opted_out');
    expect(await sendDeclineWarning(ctx, action.id)).toBe('confirmed');
    const warnings = received(organizer).filter((m) => m.subject.includes('may be declined'));
    expect(warnings).toHaveLength(1);
    expectSigned(warnings[0]!, organizer);
    expect(await send('decline_notice', organizer)).toBe('sent');
  });
});
