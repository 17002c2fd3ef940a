import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actions,
  agendaItems,
  calendars,
  meetings,
  objectives,
  preworkItems,
  wellnessBlocks,
} from '../../db/schema';
import type { App } from '../../http/app';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { attendeeList } from '../calendars/sync/attendee-list';
import { listMeetingsJson } from './list-json';
import { presentMeetings } from './presenter';

let ctx: TestContext;
let app: App;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, day, hour, 0, 0, 123));

/** A week holding every kind of meeting a list shows: scored and not, with items, actions and a block. */
async function richWeek() {
  const user = await createUser(ctx);
  const [calendar, hidden] = await ctx.db
    .insert(calendars)
    .values([
      { userId: user.id, provider: 'ics', externalId: 'work', name: 'Work', watching: true },
      { userId: user.id, provider: 'ics', externalId: 'off', name: 'Off', watching: false },
    ])
    .returning();
  const [block] = await ctx.db
    .insert(wellnessBlocks)
    .values({
      userId: user.id,
      label: 'Deep work',
      category: 'focus',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      startsAt: at(3, 13),
      endsAt: at(3, 15),
      timeZone: 'UTC',
    })
    .returning();
  const base = { userId: user.id, calendarId: calendar!.id };
  const guest = { optional: false, organizer: false, self: false, responseStatus: 'accepted' } as const;
  const invited = [
    { ...guest, email: 'zed@acme.example' },
    { ...guest, email: 'lead@acme.example', organizer: true },
    { ...guest, email: user.email, self: true, optional: true, role: 'req-participant' },
  ];
  const rows = await ctx.db
    .insert(meetings)
    .values([
      {
        ...base,
        providerEventId: 'scored',
        eventKey: 'scored',
        summary: 'Planning "Q2" – café',
        description: 'Agenda:\n- one',
        startsAt: at(3, 9),
        endsAt: at(3, 10),
        score: 78,
        qualityLabel: 'medium',
        evaluation: {
          score: 78,
          quality_label: 'Good',
          letter_grade: 'B+',
          results: { agenda: { score: 100, weight: 1, points: 10, letter_grade: 'A' } },
          details_positive: ['Has an agenda'],
          details_negative: ['Too many attendees'],
          details_maybe: [],
        } as never,
        organizerEmail: 'lead@acme.example',
        organizerDomain: 'acme.example',
        organizerName: 'Lead',
        attendeesCount: 3,
        attendees: attendeeList({ attendees: invited }, user.email),
        cost: 250,
        durationSeconds: 3600,
        compliant: false,
        complianceDeadline: at(2, 9),
        maybeWellnessBlock: 'true',
        maybeWellnessBlockCategory: 'focus',
        editPermission: true,
        recurringMeeting: true,
      },
      {
        ...base,
        providerEventId: 'unscored',
        eventKey: 'unscored',
        summary: 'Lunch',
        startsAt: at(4, 12),
        endsAt: at(4, 13),
        evaluation: { not_scored_reason: 'all_day' } as never,
        skipEvaluation: true,
      },
      {
        ...base,
        providerEventId: 'block',
        eventKey: 'block',
        summary: 'Deep work',
        startsAt: at(3, 13),
        endsAt: at(3, 15),
        wellnessBlockId: block!.id,
        nonComplianceAction: 'do_nothing',
      },
      {
        ...base,
        providerEventId: 'gone',
        eventKey: 'gone',
        summary: 'Cancelled',
        status: 'cancelled',
        startsAt: at(5, 9),
        endsAt: at(5, 10),
      },
      {
        ...base,
        calendarId: hidden!.id,
        providerEventId: 'off',
        eventKey: 'off',
        summary: 'Hidden',
        startsAt: at(5, 9),
        endsAt: at(5, 10),
      },
    ])
    .returning();
  const scored = rows.find((r) => r.providerEventId === 'scored')!;
  await ctx.db.insert(agendaItems).values([
    { meetingId: scored.id, description: 'Second', position: 1, durationInMins: 10, startedAt: at(3, 9) },
    { meetingId: scored.id, description: 'First', position: 0, source: 'parsed' },
    { meetingId: scored.id, description: 'Removed', position: 2, status: 'deleted' },
  ]);
  await ctx.db.insert(objectives).values({ meetingId: scored.id, description: 'Decide' });
  await ctx.db
    .insert(preworkItems)
    .values({ meetingId: scored.id, description: 'Read', url: 'https://x.example' });
  await ctx.db.insert(actions).values({
    userId: user.id,
    meetingId: scored.id,
    action: 'decline',
    status: 'scheduled',
    complianceDeadline: at(2, 21),
  });
  return { user, rows };
}

describe('the meetings of a period, built by PostgreSQL', () => {
  it('say exactly what the presenter of single meetings says, for every kind of meeting', async () => {
    const { user, rows } = await richWeek();
    const list = await listMeetingsJson(ctx.pool, user.id, at(1, 0), at(8, 0), 100, '{}');
    const shown = rows
      .filter((r) => r.status !== 'cancelled' && r.providerEventId !== 'off')
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const expected = JSON.parse(JSON.stringify(await presentMeetings(ctx.db, shown)));
    expect(list.count).toBe(3);
    expect(JSON.parse(list.body.toString()).data).toEqual(expected);
    // Same keys in the same order, so a client never sees two shapes.
    expect(Object.keys(JSON.parse(list.body.toString()).data[0].attributes)).toEqual(
      Object.keys(expected[0].attributes),
    );
    const scored = JSON.parse(list.body.toString()).data[0].attributes;
    expect(scored.attendees.map((a: { email: string }) => a.email)).toEqual([
      'lead@acme.example',
      user.email,
      'zed@acme.example',
    ]);
    expect(scored.agenda_items.map((i: { description: string }) => i.description)).toEqual([
      'First',
      'Second',
    ]);
    expect(scored).toMatchObject({
      letter_grade: 'B+',
      non_compliance_action: 'decline',
      action_status: 'scheduled',
      compliance_deadline: '2031-03-02T21:00:00.123Z',
      starts_at: '2031-03-03T09:00:00.123Z',
    });
  });

  it('include an event that began long before the period and runs through it', async () => {
    const user = await createUser(ctx);
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({ userId: user.id, provider: 'ics', externalId: 'leave', name: 'Leave', watching: true })
      .returning();
    const base = { userId: user.id, calendarId: calendar!.id };
    await ctx.db.insert(meetings).values([
      // 60 days from 40 days before the period: found by the long-events index, not by the month before.
      {
        ...base,
        providerEventId: 'leave',
        eventKey: 'leave',
        summary: 'Parental leave',
        startsAt: at(1, 0),
        endsAt: new Date(at(1, 0).getTime() + 60 * 86_400_000),
        allDay: true,
      },
      {
        ...base,
        providerEventId: 'old',
        eventKey: 'old',
        summary: 'Long ago',
        startsAt: at(1, 9),
        endsAt: at(1, 10),
      },
    ]);
    const from = new Date(at(1, 0).getTime() + 40 * 86_400_000);
    const list = await listMeetingsJson(
      ctx.pool,
      user.id,
      from,
      new Date(from.getTime() + 7 * 86_400_000),
      100,
      '{}',
    );
    expect(
      JSON.parse(list.body.toString()).data.map(
        (m: { attributes: { summary: string } }) => m.attributes.summary,
      ),
    ).toEqual(['Parental leave']);
  });

  it('go out through GET meetings as a JSON:API document', async () => {
    const { user } = await richWeek();
    const res = await app.inject({
      url: `/api/v1/meetings?by_period[starts_at]=${at(1, 0).toISOString()}&by_period[ends_at]=${at(8, 0).toISOString()}`,
      headers: await bearerFor(ctx, user.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    const body = res.json();
    expect(body.meta).toEqual({ starts_at: at(1, 0).toISOString(), ends_at: at(8, 0).toISOString() });
    expect(body.data.map((m: { attributes: { summary: string } }) => m.attributes.summary)).toEqual([
      'Planning "Q2" – café',
      'Deep work',
      'Lunch',
    ]);
    expect(body.data[1].attributes.wellness_block_category).toBe('focus');
  });
});
