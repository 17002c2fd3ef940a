import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOptOuts, emails } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { oneClickUnsubscribeUrl, signedUnsubscribePageUrl } from '../communications/unsubscribe-link';
import { deliverEmail, messageIdFor, RetryableMailError } from './deliver';
import { mailRoutes } from './routes';
import { declineWarningEmail, type MeetingFacts, organizerReminderEmail } from './templates/messages';
import { hrefs, type SmtpCapture, startSmtpCapture } from './testing/smtp-capture';
import { closeMailTransport } from './transport';

let smtp: SmtpCapture;
let ctx: TestContext;
let outboxCtx: TestContext;

const facts: MeetingFacts = {
  summary: 'Quarterly sync',
  startsAt: new Date('2030-03-04T15:00:00Z'),
  timeZone: 'Europe/Paris',
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  organizerEmail: 'boss@partner.example',
  violations: ['No agenda', 'Longer than 60 minutes'],
  deadline: new Date('2030-03-04T03:00:00Z'),
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'https://app.meetwell.test' });
  outboxCtx = await createTestContext({ APP_URL: 'https://app.meetwell.test' });
});
afterAll(async () => {
  closeMailTransport(ctx.config);
  await ctx.close();
  await outboxCtx.close();
  await smtp.close();
});

describe('templates', () => {
  it('renders the decline warning with the prevent-decline and unsubscribe links, in HTML and text', async () => {
    const mail = await declineWarningEmail(facts, 'https://app.meetwell.test', 'tok_123-abc');
    expect(mail.subject).toBe('"Quarterly sync" may be declined: Monday, March 4th 2030');
    expect(hrefs(mail.html)).toEqual(
      expect.arrayContaining([
        'https://app.meetwell.test/prevent-decline?token=tok_123-abc',
        'https://app.meetwell.test/unsubscribe?email=boss%40partner.example',
      ]),
    );
    expect(mail.text).toContain('https://app.meetwell.test/prevent-decline?token=tok_123-abc');
    expect(mail.text).toContain('https://app.meetwell.test/unsubscribe?email=boss%40partner.example');
    expect(mail.text).toContain('No agenda');
    // Times are the user's, with the zone named.
    expect(mail.text).toContain('Monday, March 4th 2030 at 4:00 pm (Europe/Paris)');
    expect(mail.text).toContain('Monday, March 4th 2030 at 4:00 am (Europe/Paris)');
  });
});

describe('deliverEmail over SMTP', () => {
  it('sends a key once, with its parts, links and List-Unsubscribe', async () => {
    const user = await createUser(ctx);
    const rendered = await organizerReminderEmail(facts, ctx.config.appUrl);
    const mail = {
      key: 'm1:reminder',
      kind: 'reminder',
      to: 'boss@partner.example',
      ...rendered,
      userId: user.id,
    };
    expect(await deliverEmail(ctx, mail)).toBe('sent');
    expect(await deliverEmail(ctx, mail)).toBe('duplicate');
    const received = smtp.messages.filter((m) => m.subject.includes('needs a few changes'));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: ['boss@partner.example'],
      subject: 'Your meeting "Quarterly sync" needs a few changes: Monday, March 4th 2030',
    });
    expect(received[0]!.text).toContain('Longer than 60 minutes');
    // The template's footer link by address became the recipient's signed link.
    expect(hrefs(received[0]!.html)).toContain(signedUnsubscribePageUrl(ctx, 'boss@partner.example'));
    expect(received[0]!.headers['list-unsubscribe']).toBe(
      `<${oneClickUnsubscribeUrl(ctx, 'boss@partner.example')}>`,
    );
    const [row] = await ctx.db.select().from(emails).where(eq(emails.idempotencyKey, 'm1:reminder'));
    expect(row).toMatchObject({ status: 'sent', userId: user.id });
  });

  it('puts a refused message back for a retry, which sends it once', async () => {
    const rendered = await organizerReminderEmail({ ...facts, summary: 'Refused once' }, ctx.config.appUrl);
    const mail = { key: 'm2:reminder', kind: 'reminder', to: 'boss@partner.example', ...rendered };
    smtp.refuseNext(1);
    await expect(deliverEmail(ctx, mail)).rejects.toBeInstanceOf(RetryableMailError);
    const [pending] = await ctx.db.select().from(emails).where(eq(emails.idempotencyKey, 'm2:reminder'));
    expect(pending?.status).toBe('pending');
    expect(await deliverEmail(ctx, mail)).toBe('sent');
    expect(smtp.messages.filter((m) => m.subject.includes('Refused once'))).toHaveLength(1);
  });

  it("leaves a young claim to its sender, and re-sends a dead sender's claim once, with the same Message-ID", async () => {
    const rendered = await organizerReminderEmail({ ...facts, summary: 'Crashed' }, ctx.config.appUrl);
    const mail = { key: 'm3:reminder', kind: 'reminder', to: 'x@partner.example', ...rendered };
    const leaseMs = ctx.config.mail.sendLeaseMs;
    await ctx.db.insert(emails).values({
      idempotencyKey: mail.key,
      kind: mail.kind,
      to: mail.to,
      status: 'sending',
      sendingSince: new Date(Date.now() - leaseMs + 60_000),
      ...rendered,
    });
    expect(await deliverEmail(ctx, mail)).toBe('in_flight');
    expect(smtp.messages.filter((m) => m.subject.includes('Crashed'))).toHaveLength(0);

    // The sender was killed: its claim outlives the lease, and the next caller sends it.
    await ctx.db
      .update(emails)
      .set({ sendingSince: new Date(Date.now() - leaseMs - 1_000) })
      .where(eq(emails.idempotencyKey, mail.key));
    expect(await deliverEmail(ctx, mail)).toBe('sent');
    expect(await deliverEmail(ctx, mail)).toBe('duplicate');
    const sent = smtp.messages.filter((m) => m.subject.includes('Crashed'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['message-id']).toBe(messageIdFor(ctx, mail.key));
  });

  it('honours email_opt_outs', async () => {
    await ctx.db.insert(emailOptOuts).values({ email: 'gone@partner.example' });
    const rendered = await organizerReminderEmail(facts, ctx.config.appUrl);
    expect(
      await deliverEmail(ctx, {
        key: 'm4:reminder',
        kind: 'reminder',
        to: 'Gone@Partner.example',
        ...rendered,
      }),
    ).toBe('opted_out');
    expect(await ctx.db.select().from(emails).where(eq(emails.idempotencyKey, 'm4:reminder'))).toEqual([]);
  });
});

describe('outbox (no SMTP_URL)', () => {
  it('keeps mail in the emails table and shows the signed-in user theirs', async () => {
    const user = await createUser(outboxCtx);
    const other = await createUser(outboxCtx);
    const rendered = await organizerReminderEmail(facts, outboxCtx.config.appUrl);
    expect(
      await deliverEmail(outboxCtx, {
        key: 'o1:reminder',
        kind: 'reminder',
        to: 'boss@partner.example',
        ...rendered,
        userId: user.id,
      }),
    ).toBe('outbox');
    expect(
      await deliverEmail(outboxCtx, {
        key: 'o1:reminder',
        kind: 'reminder',
        to: 'boss@partner.example',
        ...rendered,
        userId: user.id,
      }),
    ).toBe('duplicate');
    await deliverEmail(outboxCtx, {
      key: 'o2:reminder',
      kind: 'reminder',
      to: 'boss@partner.example',
      ...rendered,
      userId: other.id,
    });
    const app = await createTestApp(outboxCtx, [mailRoutes]);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/outbox',
      headers: await bearerFor(outboxCtx, user.id),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: 'emails',
      attributes: { kind: 'reminder', to: 'boss@partner.example', status: 'outbox' },
    });
    expect(hrefs(body.data[0].attributes.html)).toContain(
      signedUnsubscribePageUrl(outboxCtx, 'boss@partner.example'),
    );
    await app.close();
  });
});
