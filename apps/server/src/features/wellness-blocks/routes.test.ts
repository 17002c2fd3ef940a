import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeGoogleServer,
  ok,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { calendars, meetings, wellnessBlocks } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { googleUser, insertMeeting } from '../autobalance/testing';
import { coverOccurrencesOfConvertedSeries } from '../calendars/sync/converted-series';
import { catalogRoutes } from './catalog.routes';
import { wellnessBlockRoutes } from './routes';

let ctx: TestContext;
let google: FakeGoogleServer;
let app: Awaited<ReturnType<typeof createTestApp>>;
let inserted = 0;

beforeAll(async () => {
  google = await startFakeGoogleServer();
  ctx = await createTestContext({ GOOGLE_API_URL: google.url });
  app = await createTestApp(ctx, [wellnessBlockRoutes, catalogRoutes]);
});
afterEach(() => google.reset());
afterAll(async () => {
  await app.close();
  await ctx.close();
  await google.close();
});

// Saturday 5 January 2030, 11:00 in Paris.
const NOW = new Date('2030-01-05T10:00:00Z');

function scriptGoogleWrites() {
  google.setDefault('events.insert', (request) =>
    ok({ id: `gblock${++inserted}`, ...(request.body as object) }),
  );
  google.setDefault('events.patch', (request) => ok({ id: request.eventId, ...(request.body as object) }));
  google.setDefault('events.delete', { status: 204 });
}

async function signedIn() {
  ctx.setNow(NOW);
  scriptGoogleWrites();
  const owner = await googleUser(ctx, { timeZone: 'Europe/Paris' });
  return { ...owner, headers: await bearerFor(ctx, owner.user.id) };
}

const block = (attributes: Record<string, unknown>) => ({ data: { type: 'wellness_blocks', attributes } });
const deepWork = {
  label: 'Deep work',
  category: 'focus',
  rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
  starts_at: '2030-01-07T13:00:00+01:00',
  ends_at: '2030-01-07T15:00:00+01:00',
};

async function jobKeys() {
  const { rows } = await ctx.pool.query<{ key: string }>(
    'select key from graphile_worker.jobs where key is not null',
  );
  return rows.map((r) => r.key);
}

describe('Wellness block validation', () => {
  it("answers the rules package's messages word for word, with pointers", async () => {
    const { headers } = await signedIn();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers,
      payload: block({
        label: ' ',
        category: 'focus',
        rrule: 'RRULE:FREQ=WEEKLY;BYDAY=',
        starts_at: '2030-01-07T15:00:00+01:00',
        ends_at: '2030-01-07T14:00:00+01:00',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({
        status: '400',
        detail: 'Please add a label.',
        source: { pointer: '/data/attributes/label' },
      }),
      expect.objectContaining({
        detail: 'Please pick one or multiple days.',
        source: { pointer: '/data/attributes/rrule' },
      }),
      expect.objectContaining({
        detail: 'Please pick a valid start and end time.',
        source: { pointer: '/data/attributes/starts_at' },
      }),
    ]);
    expect(google.requests).toEqual([]);
  });

  it('refuses a block that overlaps another on a shared weekday (one minute of tolerance)', async () => {
    const { headers } = await signedIn();
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/wellness_blocks',
          headers,
          payload: block(deepWork),
        })
      ).statusCode,
    ).toBe(201);
    const overlap = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers,
      payload: block({
        ...deepWork,
        label: 'Gym',
        rrule: 'RRULE:FREQ=WEEKLY;BYDAY=WE,FR',
        starts_at: '2030-01-09T14:30:00+01:00',
        ends_at: '2030-01-09T16:00:00+01:00',
      }),
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors).toEqual([
      expect.objectContaining({
        detail: "Please pick a time range that doesn't overlap with an existing Wellness block.",
      }),
    ]);
    const touching = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers,
      payload: block({
        ...deepWork,
        label: 'Lunch walk',
        category: 'life',
        starts_at: '2030-01-07T14:59:00+01:00',
        ends_at: '2030-01-07T16:00:00+01:00',
      }),
    });
    expect(touching.statusCode).toBe(201);
  });

  it('needs a calendar', async () => {
    ctx.setNow(NOW);
    const user = await createUser(ctx);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers: await bearerFor(ctx, user.id),
      payload: block(deepWork),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      detail: 'You must first have a calendar connected before adding or editing Wellness blocks.',
      source: { pointer: '/data/attributes/calendar_id' },
    });
  });
});

describe('Wellness blocks in the calendar', () => {
  it('writes a new block as a weekly recurring event, lists its occurrences, edits and deletes it there', async () => {
    const { user, calendar, headers } = await signedIn();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers,
      payload: block(deepWork),
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.meta.calendar).toEqual({ status: 'written' });
    expect(body.data.attributes).toMatchObject({
      label: 'Deep work',
      category: 'focus',
      calendar_id: calendar.id,
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
      starts_at: '2030-01-07T12:00:00.000Z',
      ends_at: '2030-01-07T14:00:00.000Z',
      time_zone: 'Europe/Paris',
      recurring: true,
      read_only: false,
      delete_only: false,
      weekdays: [1, 3],
      start_minute: 780,
      end_minute: 900,
    });
    const id = body.data.id as string;
    const [insert] = google.requestsFor('events.insert');
    expect(insert!.calendarId).toBe(user.email);
    expect(insert!.body).toMatchObject({
      summary: 'Deep work',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'],
      start: { dateTime: '2030-01-07T12:00:00.000Z', timeZone: 'Europe/Paris' },
      end: { dateTime: '2030-01-07T14:00:00.000Z', timeZone: 'Europe/Paris' },
      transparency: 'opaque',
      extendedProperties: { private: { meetwellId: `wellness-block:${id}` } },
    });
    const [stored] = await ctx.db.select().from(wellnessBlocks).where(eq(wellnessBlocks.id, id));
    expect(stored!.providerEventId).toMatch(/^gblock/);
    expect(await jobKeys()).toContain(`reevaluate_user:${user.id}`);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/wellness_blocks?starts_at=2030-01-06&ends_at=2030-01-12',
      headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0].attributes.occurrences).toEqual([
      { starts_at: '2030-01-07T12:00:00.000Z', ends_at: '2030-01-07T14:00:00.000Z' },
      { starts_at: '2030-01-09T12:00:00.000Z', ends_at: '2030-01-09T14:00:00.000Z' },
    ]);

    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/wellness_blocks/${id}`,
      headers,
      payload: block({
        label: 'Writing',
        rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU',
        starts_at: '2030-01-08T09:00:00+01:00',
        ends_at: '2030-01-08T11:00:00+01:00',
      }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.attributes).toMatchObject({
      label: 'Writing',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU',
      starts_at: '2030-01-08T08:00:00.000Z',
    });
    const [patch] = google.requestsFor('events.patch');
    expect(patch!.eventId).toBe(stored!.providerEventId);
    expect(patch!.body).toMatchObject({ summary: 'Writing', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'] });

    const invalid = await app.inject({
      method: 'PATCH',
      url: `/api/v1/wellness_blocks/${id}`,
      headers,
      payload: block({ label: '' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].detail).toBe('Please add a label.');

    const removed = await app.inject({ method: 'DELETE', url: `/api/v1/wellness_blocks/${id}`, headers });
    expect(removed.statusCode).toBe(204);
    expect(google.requestsFor('events.delete').map((r) => r.eventId)).toEqual([stored!.providerEventId]);
    expect(await ctx.db.select().from(wellnessBlocks).where(eq(wellnessBlocks.id, id))).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/wellness_blocks/${id}`, headers })).statusCode,
    ).toBe(404);
  });

  it('keeps the block local when the calendar cannot take writes (ICS, demo)', async () => {
    ctx.setNow(NOW);
    const user = await createUser(ctx, { timeZone: 'Europe/Paris' });
    await ctx.db.insert(calendars).values({
      userId: user.id,
      provider: 'ics',
      externalId: 'import',
      name: 'Imported',
      watching: true,
      canWrite: true,
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers: await bearerFor(ctx, user.id),
      payload: block(deepWork),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().meta.calendar).toEqual({ status: 'local' });
    expect(google.requests).toEqual([]);
  });

  it("does not let another user's block be read or changed", async () => {
    const { headers } = await signedIn();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks',
      headers,
      payload: block(deepWork),
    });
    const stranger = await signedIn();
    const id = created.json().data.id;
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/wellness_blocks/${id}`,
          headers: stranger.headers,
          payload: block({ label: 'Mine' }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/wellness_blocks/${id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('possible Wellness blocks', () => {
  it('suggests them once per series, previews, converts (delete_only) and makes weekly', async () => {
    const owner = await signedIn();
    const { headers } = owner;
    const series = 'series-lunch';
    const first = await insertMeeting(ctx, owner, {
      startsAt: new Date('2030-01-07T11:30:00Z'),
      summary: 'Lunch',
      attendeesCount: 1,
      recurringEventId: series,
      maybeWellnessBlock: 'true',
      maybeWellnessBlockCategory: 'life',
    });
    await insertMeeting(ctx, owner, {
      startsAt: new Date('2030-01-14T11:30:00Z'),
      summary: 'Lunch',
      attendeesCount: 1,
      recurringEventId: series,
      maybeWellnessBlock: 'true',
      maybeWellnessBlockCategory: 'life',
    });
    const single = await insertMeeting(ctx, owner, {
      startsAt: new Date('2030-01-08T16:00:00Z'),
      summary: 'Focus time',
      attendeesCount: 1,
      maybeWellnessBlock: 'true',
      maybeWellnessBlockCategory: 'focus',
    });

    const suggestions = await app.inject({ method: 'GET', url: '/api/v1/maybe_wellness_blocks', headers });
    expect(
      suggestions.json().data.map((s: { id: string; attributes: object }) => [s.id, s.attributes]),
    ).toEqual([
      [
        first.id,
        expect.objectContaining({
          summary: 'Lunch',
          recurring_meeting: true,
          maybe_wellness_block_category: 'Life',
        }),
      ],
      [
        single.id,
        expect.objectContaining({
          summary: 'Focus time',
          recurring_meeting: false,
          maybe_wellness_block_category: 'Focus',
        }),
      ],
    ]);

    const preview = await app.inject({
      method: 'GET',
      url: `/api/v1/meetings/${first.id}/make_wellness_block`,
      headers,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.attributes).toMatchObject({
      label: 'Lunch',
      category: 'life',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO',
      delete_only: true,
    });
    expect(
      await ctx.db.select().from(wellnessBlocks).where(eq(wellnessBlocks.userId, owner.user.id)),
    ).toEqual([]);

    const converted = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks/convert',
      headers,
      payload: {
        data: {
          type: 'wellness_blocks',
          attributes: { meeting_id: first.id, start: '2030-01-06', end: '2030-01-19' },
        },
      },
    });
    expect(converted.statusCode).toBe(201);
    const convertedBlock = converted.json().data;
    expect(convertedBlock.attributes).toMatchObject({
      label: 'Lunch',
      category: 'life',
      delete_only: true,
      recurring: true,
      editable: false,
    });
    expect(convertedBlock.attributes.occurrences).toHaveLength(2);
    const seriesRows = await ctx.db.select().from(meetings).where(eq(meetings.recurringEventId, series));
    expect(seriesRows.map((m) => [m.maybeWellnessBlock, m.wellnessBlockId])).toEqual([
      ['verified_true', convertedBlock.id],
      ['verified_true', convertedBlock.id],
    ]);
    // Converting again gives the same block; the user's own event was not written again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks/convert',
      headers,
      payload: { data: { attributes: { meeting_id: first.id } } },
    });
    expect(again.json().data.id).toBe(convertedBlock.id);
    expect(google.requestsFor('events.insert')).toEqual([]);

    const locked = await app.inject({
      method: 'PATCH',
      url: `/api/v1/wellness_blocks/${convertedBlock.id}`,
      headers,
      payload: block({ label: 'Long lunch' }),
    });
    expect(locked.statusCode).toBe(403);

    const singleBlock = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks/convert',
      headers,
      payload: { data: { attributes: { meeting_id: single.id } } },
    });
    expect(singleBlock.json().data.attributes).toMatchObject({ delete_only: true, recurring: false });
    const weekly = await app.inject({
      method: 'PATCH',
      url: `/api/v1/wellness_blocks/${singleBlock.json().data.id}`,
      headers,
      payload: block({ make_weekly: true }),
    });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().data.attributes).toMatchObject({
      delete_only: false,
      recurring: true,
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU',
      starts_at: '2030-01-15T16:00:00.000Z',
      editable: true,
    });
    expect(google.requestsFor('events.insert')).toHaveLength(1);

    // Deleting a converted block leaves the user's own event alone and stops suggesting it.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/wellness_blocks/${convertedBlock.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(google.requestsFor('events.delete')).toEqual([]);
    const after = await ctx.db.select().from(meetings).where(eq(meetings.recurringEventId, series));
    expect(after.map((m) => [m.maybeWellnessBlock, m.wellnessBlockId])).toEqual([
      ['verified_false', null],
      ['verified_false', null],
    ]);
  });
});

describe('converting a series', () => {
  it('a Monday-to-Friday lunch clicked on Tuesday becomes one block every weekday; a moved lunch stays', async () => {
    const owner = await signedIn();
    const series = 'series-weekday-lunch';
    const lunch = (day: number, hourUtc = 11) =>
      insertMeeting(ctx, owner, {
        startsAt: new Date(Date.UTC(2030, 0, day, hourUtc, 30)),
        summary: 'Lunch',
        attendeesCount: 1,
        recurringEventId: series,
        maybeWellnessBlock: 'true',
        maybeWellnessBlockCategory: 'life',
      });
    const week = [];
    for (const day of [7, 8, 9, 10, 11]) week.push(await lunch(day));
    const moved = await lunch(16, 13);
    const tuesday = week[1]!;

    const preview = await app.inject({
      method: 'GET',
      url: `/api/v1/meetings/${tuesday.id}/make_wellness_block`,
      headers: owner.headers,
    });
    expect(preview.json().data.attributes).toMatchObject({ rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' });

    const converted = await app.inject({
      method: 'POST',
      url: '/api/v1/wellness_blocks/convert',
      headers: owner.headers,
      payload: {
        data: { attributes: { meeting_id: tuesday.id, start: '2030-01-06', end: '2030-01-12' } },
      },
    });
    expect(converted.statusCode).toBe(201);
    const created = converted.json().data;
    expect(created.attributes).toMatchObject({
      label: 'Lunch',
      category: 'life',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      starts_at: '2030-01-07T11:30:00.000Z',
      ends_at: '2030-01-07T12:30:00.000Z',
      delete_only: true,
    });
    expect(created.attributes.occurrences).toHaveLength(5);
    const rows = await ctx.db.select().from(meetings).where(eq(meetings.recurringEventId, series));
    const state = new Map(rows.map((m) => [m.id, [m.maybeWellnessBlock, m.wellnessBlockId]]));
    for (const lunchRow of week) expect(state.get(lunchRow.id)).toEqual(['verified_true', created.id]);
    expect(state.get(moved.id)).toEqual(['true', null]);

    // Next week's lunches arrive with a later sync: they belong to the block, the moved one still does not.
    const nextMonday = await lunch(14);
    const nextSaturday = await lunch(19);
    const coveredLater = await coverOccurrencesOfConvertedSeries(ctx.db, tuesday.calendarId, [
      nextMonday.id,
      nextSaturday.id,
      moved.id,
    ]);
    expect(coveredLater).toEqual([nextMonday.id]);
  });
});

describe('catalog', () => {
  it('serves goals, setting labels, event colours, intentions and tips', async () => {
    const { user, headers } = await signedIn();
    const goals = (await app.inject({ method: 'GET', url: '/api/v1/goals', headers })).json().data;
    expect(goals.length).toBeGreaterThanOrEqual(6);
    expect(goals[0]).toMatchObject({ type: 'goals', id: '1', attributes: { name: 'Deep work' } });

    const labels = (await app.inject({ method: 'GET', url: '/api/v1/settings_labels' })).json().data;
    expect(labels.find((l: { id: string }) => l.id === 'required_agenda').attributes).toMatchObject({
      label: 'Agenda',
      weight: 0.2,
      weight_out_of_100: 20,
      coming_soon: false,
      group: 'content',
    });
    expect(labels.find((l: { id: string }) => l.id === 'required_outcomes').attributes.coming_soon).toBe(
      true,
    );

    const colors = (await app.inject({ method: 'GET', url: '/api/v1/event_colors' })).json();
    expect(colors.data).toContainEqual(
      expect.objectContaining({
        attributes: { provider: 'google_oauth2', color_id: '11', hex: '#d50000', label: 'Tomato' },
      }),
    );
    expect(colors.meta.app_colors.high).toBe('#1db08c');

    const intentions = (await app.inject({ method: 'GET', url: '/api/v1/meeting_intentions' })).json().data;
    expect(intentions).toHaveLength(10);
    expect(intentions.find((i: { id: string }) => i.id === 'consensus').attributes.label).toBe(
      'Decision making',
    );

    const tips = (await app.inject({ method: 'GET', url: '/api/v1/tips', headers })).json().data;
    expect(tips.every((t: { attributes: { seen_at: string | null } }) => t.attributes.seen_at === null)).toBe(
      true,
    );
    const seen = await app.inject({
      method: 'PATCH',
      url: `/api/v1/tips/${tips[0].id}`,
      headers,
      payload: { data: { type: 'tips', id: tips[0].id, attributes: {} } },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.attributes.seen_at).toBe(NOW.toISOString());
    const after = (await app.inject({ method: 'GET', url: '/api/v1/tips', headers })).json().data;
    expect(after[0].attributes.seen_at).toBe(NOW.toISOString());
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/tips/all', headers })).statusCode).toBe(204);
    const cleared = (await app.inject({ method: 'GET', url: '/api/v1/tips', headers })).json().data;
    expect(cleared[0].attributes.seen_at).toBeNull();
    expect(user).toBeDefined();
  });
});
