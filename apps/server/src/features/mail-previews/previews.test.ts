import { evaluateMeeting } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { declineWarningEmail, organizerReminderEmail } from '../mail/templates/messages';
import { loadSettings } from '../settings/routes';
import { EXAMPLE_ORGANIZER, exampleMeeting, exampleMeetingStart, previewFacts } from './previews';
import { mailPreviewRoutes } from './routes';

const APP_URL = 'https://app.meetwell.test';
// A Thursday: the example meeting falls on the Monday after (the weekend is skipped).
const NOW = new Date('2026-11-26T15:00:00Z');

let ctx: TestContext;
let app: App;
let user: typeof users.$inferSelect;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL });
  ctx.setNow(NOW);
  app = await createTestApp(ctx, [mailPreviewRoutes]);
  const created = await createUser(ctx, { firstName: 'Noor', timeZone: 'Europe/Paris' });
  const [renamed] = await ctx.db
    .update(users)
    .set({ lastName: 'Haddad' })
    .where(eq(users.id, created.id))
    .returning();
  user = renamed!;
  headers = await bearerFor(ctx, user.id);
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const preview = (kind: string, auth = headers) =>
  app.inject({ method: 'GET', url: `/api/v1/mail_previews/${kind}`, headers: auth });

describe('the example meeting', () => {
  it('is on a working day after tomorrow at 10:00 in the person’s zone', () => {
    expect(exampleMeetingStart('Europe/Paris', NOW).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(exampleMeetingStart('America/New_York', new Date('2026-11-23T12:00:00Z')).toISOString()).toBe(
      '2026-11-25T15:00:00.000Z',
    );
  });
});

describe('GET /api/v1/mail_previews/:kind', () => {
  it('renders the reminder with the real template, for an example meeting of the signed-in person', async () => {
    const res = await preview('reminder');
    expect(res.statusCode).toBe(200);
    const { attributes } = res.json().data;
    const { effective } = await loadSettings(ctx, user);
    const expected = await organizerReminderEmail(previewFacts(user, effective, NOW), APP_URL);
    expect(attributes.html).toBe(expected.html);
    expect(attributes.subject).toBe(expected.subject);
    expect(attributes.subject).toBe(
      'Your meeting "Weekly planning" needs a few changes: Monday, November 30th 2026',
    );
    expect(attributes.to).toBe(EXAMPLE_ORGANIZER);
    expect(attributes.html).toContain('Noor Haddad');
    expect(attributes.html).toContain(user.email);
    expect(attributes.html).toContain('No agenda');
    expect(attributes.html).toContain('10:00 am (Europe/Paris)');
  });

  it('names what would raise the example meeting’s score, as the real mails do, each scored by the person’s rules', async () => {
    const res = await preview('reminder');
    const { html } = res.json().data.attributes;
    expect(html).toContain('What would raise its score most (out of 100):');
    const { effective } = await loadSettings(ctx, user);
    const facts = previewFacts(user, effective, NOW);
    expect(facts.suggestions?.length).toBeGreaterThan(0);
    expect(facts.suggestions?.[0]).toMatch(/^Add an agenda → \d+, [A-F][+-]?$/);
    const meeting = exampleMeeting(user, effective.action, facts.startsAt, NOW);
    const before = evaluateMeeting(meeting, { settings: effective.evaluation }).score!;
    const withAgenda = evaluateMeeting(
      { ...meeting, agendaItems: [{ status: 'open' }] },
      { settings: effective.evaluation },
    ).score!;
    expect(withAgenda).toBeGreaterThan(before);
    expect(facts.suggestions?.[0]).toContain(`→ ${withAgenda},`);
    for (const text of facts.suggestions ?? []) {
      const [change, result] = text.split(' → ');
      expect(html).toContain(change);
      expect(html).toContain(result);
    }
  });

  it('renders the decline warning with the deadline of the person’s compliance deadline', async () => {
    const res = await preview('decline_warning');
    expect(res.statusCode).toBe(200);
    const { attributes } = res.json().data;
    const { effective } = await loadSettings(ctx, user);
    const facts = previewFacts(user, effective, NOW);
    const expected = await declineWarningEmail(facts, APP_URL, 'example');
    expect(attributes.html).toBe(expected.html);
    expect(attributes.subject).toBe('"Weekly planning" may be declined: Monday, November 30th 2026');
    expect(attributes.html).toContain('Prevent this decline');
    expect(facts.deadline!.getTime()).toBe(
      facts.startsAt.getTime() - effective.action.compliance_deadline * 3_600_000,
    );
  });

  it('refuses an unknown kind with a 400 and a visitor with a 401', async () => {
    const unknown = await preview('invoice');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].source).toEqual({ parameter: 'kind' });
    expect((await preview('reminder', {})).statusCode).toBe(401);
  });
});
