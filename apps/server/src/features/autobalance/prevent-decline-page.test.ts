import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pageSlot } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions } from '../../db/schema';
import { type App, buildApp } from '../../http/app';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { seedMeeting } from '../reports/test-seed';
import { preventToken, preventTokenHash } from './keys';
import { preventDeclinePageRoutes } from './prevent-decline-page';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const NOW = new Date('2026-11-26T15:00:00Z');
const slots = ['summary', 'starts', 'deadline', 'details', 'token'];
// The pre-rendered documents as the web build writes them (apps/web/src/features/prevent-decline/PreventDeclineNoJs.tsx).
const form = `<form method="post" action="/prevent-decline">${slots.map((s) => `<p class="${s}">${pageSlot(s)}</p>`).join('')}<input type="hidden" name="token" value="${pageSlot('token')}"/></form>`;

let ctx: TestContext;
let app: App;
let dist: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(NOW);
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-web-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(
    path.join(dist, 'public.html'),
    '<!doctype html><title>MeetWell</title><div id="root"></div><script type="module" src="/assets/public.js"></script>',
  );
  await fs.writeFile(
    path.join(dist, 'public-pages.json'),
    JSON.stringify({
      pages: [],
      bodies: {
        '/prevent-decline': form,
        '/prevent-decline?status=prevented': `<h1>${pageSlot('summary')}</h1><p>The meeting will not be declined.</p>`,
        '/prevent-decline?status=invalid': '<h1>This link is no longer valid</h1>',
        '/prevent-decline?status=closed': '<h1>This meeting can no longer be changed</h1>',
        '/prevent-decline?status=rate_limited': `<p role="alert">Too many requests.</p>${form}`,
      },
    }),
  );
  app = await buildApp(ctx, [preventDeclinePageRoutes], { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function scheduledDecline(summary: string, status: 'scheduled' | 'done' = 'scheduled') {
  const user = await createUser(ctx, { timeZone: 'Europe/Paris' });
  const meeting = await seedMeeting(ctx, user, {
    summary,
    startsAt: new Date('2026-11-30T09:00:00Z'),
    endsAt: new Date('2026-11-30T10:00:00Z'),
    score: 40,
    attendeesCount: 3,
    allDay: false,
  });
  const id = randomUUID();
  await ctx.db.insert(actions).values({
    id,
    userId: user.id,
    meetingId: meeting.id,
    action: 'decline',
    status,
    organizerEmail: 'dana@vendorco.example',
    meetingSummary: summary,
    detailsNegative: { agenda: 'There is no agenda.', duration: 'It is 30 minutes too long.' },
    complianceDeadline: new Date('2026-11-29T21:00:00Z'),
    preventTokenHash: preventTokenHash(ctx, id),
    preventTokenExpiresAt: new Date('2026-11-29T21:00:00Z'),
  });
  return { id, token: preventToken(ctx, id) };
}

const statusOf = async (id: string) =>
  (await ctx.db.select({ status: actions.status }).from(actions).where(eq(actions.id, id)))[0]?.status;

describe('the prevent-decline page without JavaScript', () => {
  it('is filled in from its token: the meeting, its dates in the attendee’s zone, the rules it breaks', async () => {
    const { token } = await scheduledDecline('Vendor <update>');
    const page = await app.inject({ url: `/prevent-decline?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p class="summary">Vendor &lt;update&gt;</p>');
    expect(page.body).toContain(
      '<p class="starts">Monday, November 30th 2026 at 10:00 am (Europe/Paris)</p>',
    );
    expect(page.body).toContain(
      '<p class="deadline">Sunday, November 29th 2026 at 10:00 pm (Europe/Paris)</p>',
    );
    expect(page.body).toContain('There is no agenda. It is 30 minutes too long.');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(page.body).not.toContain('__MEETWELL_SLOT');
  });

  it('prevents the decline from a plain form post with notes, then says so', async () => {
    const { id, token } = await scheduledDecline('Vendor update');
    const posted = await app.inject({
      method: 'POST',
      url: '/prevent-decline',
      headers: FORM,
      payload: new URLSearchParams({ token, notes: 'We will send an agenda.' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(
      `/prevent-decline?token=${encodeURIComponent(token)}&status=prevented`,
    );
    expect(await statusOf(id)).toBe('prevented');
    const [row] = await ctx.db.select().from(actions).where(eq(actions.id, id));
    expect(row?.organizerNotes).toBe('We will send an agenda.');

    const page = await app.inject({ url: posted.headers.location as string });
    expect(page.body).toContain('<h1>Vendor update</h1><p>The meeting will not be declined.</p>');
    // Opened again later, the link still says it is kept.
    const again = await app.inject({ url: `/prevent-decline?token=${encodeURIComponent(token)}` });
    expect(again.body).toContain('The meeting will not be declined.');
  });

  it('says when the link is wrong or the meeting can no longer be changed, changing nothing', async () => {
    const wrong = await app.inject({ url: '/prevent-decline?token=not-a-real-token-at-all' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('This link is no longer valid');
    expect((await app.inject({ url: '/prevent-decline' })).body).toContain('This link is no longer valid');

    const bad = await app.inject({
      method: 'POST',
      url: '/prevent-decline',
      headers: FORM,
      payload: 'token=not-a-real-token-at-all',
    });
    expect(bad.headers.location).toBe('/prevent-decline?status=invalid');

    const { id, token } = await scheduledDecline('Already declined', 'done');
    const closed = await app.inject({
      method: 'POST',
      url: '/prevent-decline',
      headers: FORM,
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(closed.headers.location).toBe('/prevent-decline?status=closed');
    expect(await statusOf(id)).toBe('done');
  });

  it('answers too many posts from one address with the form again, saying so, not with JSON', async () => {
    const { id, token } = await scheduledDecline('Busy update');
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/prevent-decline',
        headers: FORM,
        payload: `token=${encodeURIComponent(token)}x`,
        remoteAddress: '10.9.0.1',
      });
    let answer = await post();
    for (let i = 0; i < 40 && answer.headers.location === '/prevent-decline?status=invalid'; i++)
      answer = await post();
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(
      `/prevent-decline?token=${encodeURIComponent(`${token}x`)}&status=rate_limited`,
    );
    // The link itself is answered with its form and the note (the token above was mistyped on purpose).
    const page = await app.inject({
      url: `/prevent-decline?token=${encodeURIComponent(token)}&status=rate_limited`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Too many requests.');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(await statusOf(id)).toBe('scheduled');
  });
});
