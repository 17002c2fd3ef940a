import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSource } from '../../calendars/sources';
import { calendars, meetings, userSettings } from '../../db/schema';
import type { App } from '../../http/app';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { runCalendarSync } from '../calendars/sync/run-sync';

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

async function meetingWithoutAgenda() {
  const user = await createUser(ctx);
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const content = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    'UID:bare-1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${day}T100000Z`,
    `DTEND:${day}T103000Z`,
    'SUMMARY:Status update',
    'LOCATION:https://meet.google.com/abc-defg-hij',
    'ORGANIZER:mailto:lead@acme.example',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@acme.example',
    `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${user.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({
      userId: user.id,
      provider: 'ics',
      externalId: 'x',
      name: 'x',
      watching: true,
    })
    .returning();
  await saveCalendarSource(ctx.pool, calendar!.id, content);
  await runCalendarSync(ctx, { calendarId: calendar!.id, mode: 'full' });
  const [meeting] = await ctx.db.select().from(meetings).where(eq(meetings.calendarId, calendar!.id));
  return { user, meeting: meeting!, headers: await bearerFor(ctx, user.id) };
}

describe('agenda items, objectives and pre-work', () => {
  it('adds an agenda item and the score rises at once', async () => {
    const { meeting, headers } = await meetingWithoutAgenda();
    expect(meeting.evaluation?.details_negative).toContain('No agenda');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/meetings/${meeting.id}/agenda_items`,
      headers,
      payload: JSON.stringify({
        data: {
          type: 'agenda_items',
          attributes: { description: 'Decide the launch date', duration_in_mins: 10 },
        },
      }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({
      type: 'agenda_items',
      attributes: { description: 'Decide the launch date', position: 0 },
    });
    expect(body.meta.meeting.attributes.score).toBeGreaterThan(meeting.score!);
    expect(body.meta.meeting.attributes.details_positive).toContain('Has an agenda');
  });

  it('reorders, edits and deletes items; deleted ones are hidden and count no more', async () => {
    const { meeting, headers } = await meetingWithoutAgenda();
    const add = async (description: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/meetings/${meeting.id}/objectives`,
          headers,
          payload: JSON.stringify({ data: { type: 'objectives', attributes: { description } } }),
        })
      ).json();
    const first = await add('Agree on scope');
    const second = await add('Name an owner');
    expect(second.data.attributes.position).toBe(1);
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/v1/objectives/${second.data.id}`,
      headers,
      payload: JSON.stringify({
        data: { type: 'objectives', attributes: { position: 0, description: 'Name one owner' } },
      }),
    });
    expect(moved.json().data.attributes).toMatchObject({ position: 0, description: 'Name one owner' });
    for (const id of [first.data.id, second.data.id]) {
      const gone = await app.inject({ method: 'DELETE', url: `/api/v1/objectives/${id}`, headers });
      expect(gone.json().data.attributes.status).toBe('deleted');
    }
    const shown = await app.inject({ method: 'GET', url: `/api/v1/meetings/${meeting.id}`, headers });
    expect(shown.json().data.attributes.objectives).toEqual([]);
    expect(shown.json().data.attributes.details_negative).toContain('No objectives');
    const again = await app.inject({ method: 'DELETE', url: `/api/v1/objectives/${first.data.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it('gives items added at the same time their own positions, in order', async () => {
    const { meeting, headers } = await meetingWithoutAgenda();
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/meetings/${meeting.id}/agenda_items`,
          headers,
          payload: JSON.stringify({
            data: { type: 'agenda_items', attributes: { description: `Item ${i}` } },
          }),
        }),
      ),
    );
    expect(added.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const positions = added.map((r) => r.json().data.attributes.position as number).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('rejects empty descriptions and bad links with pointers', async () => {
    const { meeting, headers } = await meetingWithoutAgenda();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/meetings/${meeting.id}/prework_items`,
      headers,
      payload: JSON.stringify({
        data: { type: 'prework_items', attributes: { description: ' ', url: 'javascript:alert(1)' } },
      }),
    });
    expect(res.statusCode).toBe(400);
    const pointers = res.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/data/attributes/description', '/data/attributes/url']),
    );
  });

  it('skips and re-evaluates a meeting', async () => {
    const { meeting, headers } = await meetingWithoutAgenda();
    const skip = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/${meeting.id}`,
      headers,
      payload: JSON.stringify({ data: { type: 'meetings', attributes: { skip_evaluation: true } } }),
    });
    expect(skip.json().data.attributes).toMatchObject({ skip_evaluation: true, score: null });
    const back = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/${meeting.id}`,
      headers,
      payload: JSON.stringify({ data: { type: 'meetings', attributes: { skip_evaluation: false } } }),
    });
    expect(back.json().data.attributes.score).toBe(meeting.score);
  });

  it('keeps manual actions for paid plans', async () => {
    const { meeting, headers } = await meetingWithoutAgenda();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/${meeting.id}`,
      headers,
      payload: JSON.stringify({
        data: { type: 'meetings', attributes: { non_compliance_action: 'decline' } },
      }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].detail).toBe('These manual actions are available on any upgraded paid plan.');
  });
});

describe('intention', () => {
  const choose = (id: string, headers: Record<string, string>, intention: string | null) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/meetings/${id}`,
      headers,
      payload: { data: { type: 'meetings', attributes: { intention } } },
    });

  it('an editor of the event chooses one and the score rises at once; others get a 403', async () => {
    const { user, meeting, headers } = await meetingWithoutAgenda();
    await ctx.db.update(meetings).set({ editPermission: false }).where(eq(meetings.id, meeting.id));
    const refused = await choose(meeting.id, headers, 'planning');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].detail).toBe(
      'Only the organizer, or someone who can edit this event, can choose its intention.',
    );
    const [unchanged] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(unchanged!.intention).toBe(meeting.intention);

    // A title that suggests no intention, and a person who requires one.
    await ctx.db
      .update(meetings)
      .set({ editPermission: true, summary: 'Quarterly numbers' })
      .where(eq(meetings.id, meeting.id));
    await ctx.db
      .insert(userSettings)
      .values({ userId: meeting.userId, evaluationSettings: { required_intention: true } })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { evaluationSettings: { required_intention: true } },
      });
    const cleared = await choose(meeting.id, headers, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.attributes.intention).toBeNull();
    expect(cleared.json().data.attributes.details_negative).toContain('No intention');
    const without = cleared.json().data.attributes.score;
    const chosen = await choose(meeting.id, headers, 'planning');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.attributes.intention).toBe('planning');
    expect(chosen.json().data.attributes.score).toBeGreaterThan(without);
    expect((await choose(meeting.id, headers, 'party')).statusCode).toBe(400);

    // The organizer of an event in a read-only (imported) calendar chooses too: the intention is the app's.
    await ctx.db
      .update(meetings)
      .set({ editPermission: false, organizerEmail: user.email.toUpperCase() })
      .where(eq(meetings.id, meeting.id));
    const byOrganizer = await choose(meeting.id, headers, 'kickoff');
    expect(byOrganizer.json()).toMatchObject({ data: { attributes: { intention: 'kickoff' } } });
  });
});
