import {
  actionListDocument,
  authProviderListDocument,
  blockPreviewDocument,
  calendarDocument,
  calendarListDocument,
  companyListsDocument,
  convertedBlockDocument,
  currentUserDocument,
  dailyReportDocument,
  declineDetailsDocument,
  demoSessionDocument,
  emailOptOutDocument,
  emailOptOutRequestDocument,
  evaluationDocument,
  eventColorListDocument,
  goalListDocument,
  healthDocument,
  inviteCreatedDocument,
  inviteListDocument,
  invoiceListDocument,
  itemChangeDocuments,
  mailPreviewDocument,
  meetingDocument,
  meetingIntentionListDocument,
  meetingListDocument,
  memberListDocument,
  outboxDocument,
  possibleBlockListDocument,
  referralDocument,
  reportDocuments,
  resyncDocument,
  settingsLabelListDocument,
  signInLinkSentDocument,
  signInLinkUsedDocument,
  subscriptionDocument,
  subscriptionPlanListDocument,
  synchronizationListDocument,
  teamDocument,
  tipDocument,
  tipListDocument,
  userDocument,
  userSettingsDocument,
  webhookChannelDocument,
  webhookStoppedDocument,
  wellnessBlockListDocument,
} from '@meetwell/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { actions, calendars, invoices, signInLinks, users } from './db/schema';
import { unsubscribeSignature } from './features/communications/unsubscribe-link';
import { type App, buildApp } from './http/app';
import { hashToken } from './lib/crypto';
import { allRoutes } from './routes';
import { createTestContext, type TestContext } from './test/context';
import { bearerFor, createUser } from './test/factories';

/**
 * The server answers as the API contract says (@meetwell/domain's contract, which the web app reads with):
 * each contracted route of a seeded demo account is fetched and parsed with its schema. Parsing drops keys a
 * schema does not know, so `toEqual` also catches a field the server sends that the contract misses.
 */
let ctx: TestContext;
let app: App;
let headers: Record<string, string>;
const beforeSerialization = new Map<string, unknown>();

beforeAll(async () => {
  ctx = await createTestContext({ DEMO_MODE: 'true' });
  app = await buildApp(ctx, allRoutes);
  // What a handler returned, before the response schema serialised it: a field the schema does not list
  // would be dropped silently by the serialiser, so the test compares this too.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    beforeSerialization.set(`${request.method} ${request.url}`, payload);
    return payload;
  });
  await app.ready();
  const demo = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/demo',
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: JSON.stringify({ data: { type: 'sessions', attributes: { time_zone: 'Europe/Berlin' } } }),
  });
  expect(demo.statusCode).toBe(201);
  headers = {
    authorization: `Bearer ${demo.json().meta.token as string}`,
    'content-type': 'application/vnd.api+json',
  };
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function read<S extends z.ZodType>(
  schema: S,
  url: string,
  init: {
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    body?: unknown;
    status?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<z.output<S>> {
  const response = await app.inject({
    method: init.method ?? 'GET',
    url,
    headers: init.headers ?? headers,
    ...(init.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
  });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(init.status ?? 200);
  const body: unknown = response.json();
  const returned = beforeSerialization.get(`${init.method ?? 'GET'} ${url}`);
  if (returned !== undefined) {
    const sent = JSON.parse(JSON.stringify(returned));
    expect(body, `${url}: the serialiser dropped or changed fields the handler returned`).toEqual(sent);
  }
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], url).toEqual([]);
  expect(parsed.data, `${url} sends fields the contract does not list`).toEqual(body);
  return parsed.data as z.output<S>;
}

const DAY = 86_400_000;
const period = () => {
  const from = new Date(Date.now() - 7 * DAY).toISOString();
  const to = new Date(Date.now() + 14 * DAY).toISOString();
  return `by_period[starts_at]=${from}&by_period[ends_at]=${to}`;
};

describe('the API contract', () => {
  it("holds for the meetings of a period (PostgreSQL's text) and for each meeting read alone", async () => {
    const week = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    expect(week.data.length).toBeGreaterThan(5);
    // The demo scores meetings: grades and labels are the domain's.
    expect(week.data.some((m) => m.attributes.letter_grade !== null)).toBe(true);
    for (const listed of week.data.slice(0, 10)) {
      const one = await read(meetingDocument, `/api/v1/meetings/${listed.id}`);
      expect(one.data).toEqual(listed);
      await read(evaluationDocument, `/api/v1/meetings/${listed.id}/evaluation`);
    }
  });

  it('holds for item changes, which answer with the item and the re-scored meeting', async () => {
    const week = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    const meeting = week.data.find((m) => m.attributes.score !== null);
    expect(meeting).toBeDefined();
    const added = await read(
      itemChangeDocuments.agenda_items,
      `/api/v1/meetings/${meeting!.id}/agenda_items`,
      {
        method: 'POST',
        status: 201,
        body: { data: { type: 'agenda_items', attributes: { description: 'Decide the launch date' } } },
      },
    );
    expect(added.meta.meeting.attributes.agenda_items.map((i) => i.id)).toContain(added.data.id);
    await read(itemChangeDocuments.agenda_items, `/api/v1/agenda_items/${added.data.id}`, {
      method: 'PATCH',
      body: { data: { type: 'agenda_items', attributes: { duration_in_mins: 15 } } },
    });
    const objective = await read(
      itemChangeDocuments.objectives,
      `/api/v1/meetings/${meeting!.id}/objectives`,
      {
        method: 'POST',
        status: 201,
        body: { data: { type: 'objectives', attributes: { description: 'A date everyone can keep' } } },
      },
    );
    await read(itemChangeDocuments.objectives, `/api/v1/objectives/${objective.data.id}`, {
      method: 'DELETE',
    });
    await read(itemChangeDocuments.prework_items, `/api/v1/meetings/${meeting!.id}/prework_items`, {
      method: 'POST',
      status: 201,
      body: {
        data: {
          type: 'prework_items',
          attributes: { description: 'Read the plan', url: 'https://example.com' },
        },
      },
    });
    // A meeting's changes answer with the meeting.
    for (const skip of [true, false]) {
      await read(meetingDocument, `/api/v1/users/meetings/${meeting!.id}`, {
        method: 'PATCH',
        body: { data: { type: 'meetings', attributes: { skip_evaluation: skip } } },
      });
    }
    // The week read afterwards carries the items the way the single meeting does.
    const again = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    const listed = again.data.find((m) => m.id === meeting!.id)!;
    expect(listed.attributes.prework_items).toHaveLength(1);
    expect((await read(meetingDocument, `/api/v1/meetings/${meeting!.id}`)).data).toEqual(listed);
  });

  it('holds for the current user, a change of the user, and a visitor', async () => {
    const me = await read(currentUserDocument, '/api/v1/users');
    expect(me.data?.attributes.company?.roles.length).toBeGreaterThan(0);
    await read(userDocument, '/api/v1/users', {
      method: 'PATCH',
      body: { data: { type: 'users', attributes: { first_name: 'Alex' } } },
    });
    const teamId = me.data!.attributes.company!.id;
    const team = await read(teamDocument, `/api/v1/teams/${teamId}`);
    expect(team.data.attributes.member_count).toBeGreaterThan(1);
    await read(memberListDocument, `/api/v1/teams/${teamId}/members`);
    await read(inviteListDocument, '/api/v1/invites');
    const visitor = await app.inject({ url: '/api/v1/users?session=optional' });
    expect(currentUserDocument.parse(visitor.json())).toEqual({ data: null, meta: { signed_in: false } });
  });

  it('holds for calendars, settings, Wellness blocks and daily reports', async () => {
    await read(actionListDocument, '/api/v1/future_actions');
    await read(actionListDocument, '/api/v1/past_actions');
    await read(synchronizationListDocument, '/api/v1/synchronizations');
    await read(resyncDocument, '/api/v1/meetings/sync');
    const calendars = await read(calendarListDocument, '/api/v1/calendars');
    expect(calendars.data.length).toBeGreaterThan(0);
    await read(userSettingsDocument, '/api/v1/users/settings');
    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const to = new Date(Date.now() + 35 * DAY).toISOString();
    await read(wellnessBlockListDocument, `/api/v1/wellness_blocks?starts_at=${from}&ends_at=${to}`);
    await read(possibleBlockListDocument, '/api/v1/maybe_wellness_blocks');
    const goals = await read(goalListDocument, '/api/v1/goals');
    expect(goals.data.length).toBeGreaterThan(0);
    await read(tipListDocument, '/api/v1/tips');
    const week = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    for (const report of week.data.filter((m) => m.attributes.event_report_card_id).slice(0, 2)) {
      await read(dailyReportDocument, `/api/v1/meetings/${report.id}/daily_report`);
    }
  });

  it('holds for the catalog, the plans, the subscription, invoices and referrals', async () => {
    const labels = await read(settingsLabelListDocument, '/api/v1/settings_labels');
    expect(labels.data.length).toBeGreaterThan(0);
    const colors = await read(eventColorListDocument, '/api/v1/event_colors');
    expect(colors.data.some((c) => c.attributes.provider === 'google_oauth2')).toBe(true);
    await read(meetingIntentionListDocument, '/api/v1/meeting_intentions');
    const [tip] = (await read(tipListDocument, '/api/v1/tips')).data;
    const seen = await read(tipDocument, `/api/v1/tips/${tip!.id}`, { method: 'PATCH', body: {} });
    expect(seen.data.attributes.seen_at).not.toBeNull();
    const plans = await read(subscriptionPlanListDocument, '/api/v1/subscription_plans');
    expect(plans.data.map((p) => p.id)).toContain('team-500');
    await read(subscriptionDocument, '/api/v1/subscription');
    // The changes of the subscription need payment keys: billing.routes.test.ts parses them.
    const me = await read(currentUserDocument, '/api/v1/users');
    await ctx.db.insert(invoices).values([
      {
        companyId: me.data!.attributes.company!.id,
        description: 'Solo',
        amount: 500,
        periodStart: new Date(),
      },
      {
        companyId: me.data!.attributes.company!.id,
        description: 'Solo',
        amount: 500,
        periodStart: new Date(),
        invoicePdf: 'https://pay.example/i.pdf',
      },
    ]);
    const listed = await read(invoiceListDocument, '/api/v1/invoices');
    expect(listed.data).toHaveLength(2);
    const referrals = await read(referralDocument, '/api/v1/users/referrals');
    expect(referrals.data.attributes.referral_url).toContain('?ref=');
  });

  it('holds for the unsubscribe form, the signed unsubscribe and the prevent-decline page', async () => {
    const me = await read(currentUserDocument, '/api/v1/users');
    const [person] = await ctx.db.select({ email: users.email }).from(users).limit(1);
    const email = person!.email.toLowerCase();
    await read(
      emailOptOutRequestDocument,
      `/api/v1/communications/email/opt-out?email=${encodeURIComponent(email)}`,
    );
    const signed = `e=${encodeURIComponent(email)}&sig=${unsubscribeSignature(ctx, email)}`;
    await read(emailOptOutDocument, `/api/v1/communications/email/unsubscribe?${signed}`, { method: 'POST' });

    const week = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    const upcoming = week.data.find((m) => Date.parse(m.attributes.starts_at) > Date.now() + DAY);
    expect(upcoming, 'the demo has meetings ahead').toBeDefined();
    const token = 'contract-test-prevent-decline-token';
    const prevent = {
      status: 'scheduled' as const,
      organizerEmail: 'boss@partner.example',
      detailsNegative: { agenda: 'No agenda.' },
      complianceDeadline: new Date(Date.parse(upcoming!.attributes.starts_at) - 12 * 3_600_000),
      preventTokenHash: hashToken(token),
      preventTokenExpiresAt: new Date(Date.now() + 7 * DAY),
    };
    await ctx.db
      .insert(actions)
      .values({ userId: me.data!.id, meetingId: upcoming!.id, action: 'decline', ...prevent })
      .onConflictDoUpdate({ target: actions.meetingId, set: prevent });
    const details = await read(declineDetailsDocument, `/api/v1/users/meetings/details/${token}`);
    expect(details.data.attributes.prevented).toBe(false);
    const prevented = await read(declineDetailsDocument, `/api/v1/users/meetings/prevent_decline/${token}`, {
      method: 'PATCH',
      body: { data: { type: 'meetings', attributes: { organizer_notes: 'It has an agenda now' } } },
    });
    expect(prevented.data.attributes.prevented).toBe(true);
  });

  it('holds for every kind of report, of the user and of the team', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const range = `start=${day(-14)}&end=${day(7)}`;
    for (const kind of Object.keys(reportDocuments) as (keyof typeof reportDocuments)[]) {
      for (const who of kind === 'user_counts' ? ['team'] : ['user', 'team']) {
        const report = await read(reportDocuments[kind], `/api/v1/reports/${kind}?${range}&who=${who}`);
        expect(report.data.attributes.name).toBe(kind);
      }
    }
  });

  it("holds for Auto-balance's lists and for accepting a meeting", async () => {
    const me = await read(userDocument, '/api/v1/users/denylisted_organizers/bulk', {
      method: 'POST',
      body: { data: { type: 'denylisted_organizers', attributes: { email_list: ['vip@example.com'] } } },
    });
    expect(me.data.attributes.organizer_denylist).toContain('vip@example.com');
    const team = await read(companyListsDocument, '/api/v1/company/denylisted_organizers/bulk', {
      method: 'POST',
      body: { email_list: ['boss@example.com'] },
    });
    expect(team.data.attributes.organizer_denylist).toEqual(['boss@example.com']);
    await read(companyListsDocument, '/api/v1/company', {
      method: 'PATCH',
      body: { data: { type: 'companies', attributes: { domains_allowlist: ['example.com'] } } },
    });
    const week = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    const meeting = week.data.find((m) => m.attributes.starts_at > new Date().toISOString());
    expect(meeting).toBeDefined();
    await read(meetingDocument, `/api/v1/users/meetings/accept/${meeting!.id}`, { method: 'POST' });
  });

  it('holds for calendars added by hand and their push channels', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//MeetWell//contract//EN',
      'BEGIN:VEVENT',
      'UID:contract-1',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${new Date(Date.now() + DAY).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
      'DURATION:PT30M',
      'SUMMARY:Contract review',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const added = await read(calendarDocument, '/api/v1/calendars/ics', {
      method: 'POST',
      status: 201,
      body: { data: { type: 'calendars', attributes: { name: 'Imported', content: ics } } },
    });
    const channel = await read(webhookChannelDocument, '/api/v1/ics/webhooks_setup', {
      method: 'POST',
      body: { calendar_uuid: added.data.id },
    });
    expect(channel.data.attributes.calendar_uuid).toBe(added.data.id);
    await read(webhookStoppedDocument, '/api/v1/ics/webhooks_stop', {
      method: 'POST',
      body: { data: { type: 'webhooks', attributes: { calendar_uuid: added.data.id } } },
    });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/calendars/${added.data.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it('holds for sign-in: the providers, the demo, a mailed link and the outbox that holds it', async () => {
    const providers = await read(authProviderListDocument, '/api/v1/auth/providers');
    expect(providers.meta.demo_enabled).toBe(true);
    await read(demoSessionDocument, '/api/v1/auth/demo', {
      method: 'POST',
      status: 201,
      body: { data: { type: 'sessions', attributes: { time_zone: 'Europe/Berlin' } } },
    });
    const me = await read(currentUserDocument, '/api/v1/users');
    await read(signInLinkSentDocument, '/api/v1/sign_in_links', {
      method: 'POST',
      status: 202,
      body: { data: { type: 'sign_in_links', attributes: { email: me.data!.attributes.email } } },
    });
    await read(outboxDocument, '/api/v1/outbox?limit=200');
    // The link's mail goes out by a job: the test stores a link of its own to use.
    const token = 'contract-test-sign-in-link-token';
    await ctx.db.insert(signInLinks).values({
      email: me.data!.attributes.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const used = await read(signInLinkUsedDocument, '/api/v1/sign_in_links/consume', {
      method: 'POST',
      body: { data: { type: 'sign_in_links', attributes: { token } } },
    });
    expect(used.meta.created).toBe(false);
    await read(healthDocument, '/api/v1/health');
    for (const kind of ['reminder', 'decline_warning']) {
      await read(mailPreviewDocument, `/api/v1/mail_previews/${kind}`);
    }
  });

  it('holds for invites, a Wellness block made of a meeting, and the answers without a body', async () => {
    // The shared demo account sends no invites: an admin of a team of their own does.
    const admin = await bearerFor(ctx, (await createUser(ctx)).id);
    const invited = await read(inviteCreatedDocument, '/api/v1/invites', {
      method: 'POST',
      status: 201,
      body: { data: { type: 'invites', attributes: { email: 'newcomer@example.com' } } },
      headers: admin,
    });
    await read(inviteListDocument, '/api/v1/invites', { headers: admin });
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/invites/${invited.data.id}`,
      headers: admin,
    });
    expect([cancelled.statusCode, cancelled.body]).toEqual([204, '']);

    const week = await read(meetingListDocument, `/api/v1/meetings?${period()}`);
    const meeting = week.data.find((m) => !m.attributes.wellness_block_id) ?? week.data[0]!;
    const preview = await read(blockPreviewDocument, `/api/v1/meetings/${meeting.id}/make_wellness_block`);
    expect(preview.meta.meeting_id).toBe(meeting.id);
    const block = await read(convertedBlockDocument, '/api/v1/wellness_blocks/convert', {
      method: 'POST',
      status: 201,
      body: { data: { type: 'wellness_blocks', attributes: { meeting_id: meeting.id } } },
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/wellness_blocks/${block.data.id}`,
      headers,
    });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
  });

  it('answers 204 without a body while the first sync of the period runs', async () => {
    const user = await createUser(ctx);
    await ctx.db.insert(calendars).values({
      userId: user.id,
      provider: 'ics',
      externalId: 'first',
      name: 'First',
      watching: true,
      syncStatus: 'running',
    });
    const response = await app.inject({
      url: `/api/v1/meetings?${period()}`,
      headers: await bearerFor(ctx, user.id),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('is what the OpenAPI description documents', async () => {
    const openapi = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    for (const path of ['/api/v1/meetings', '/api/v1/meetings/{id}', '/api/v1/calendars']) {
      const responses = openapi.paths[path]?.get?.responses ?? {};
      expect(JSON.stringify(responses['200'] ?? null), path).toContain('attributes');
    }
  });
});
