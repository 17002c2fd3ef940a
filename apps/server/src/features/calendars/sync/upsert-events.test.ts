import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../calendars/types';
import { agendaItems, calendars, meetings } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { storeSyncResult } from './store-events';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const NOW = new Date('2031-03-03T08:00:00Z');
const WINDOW = { from: new Date('2031-01-01T00:00:00Z'), to: new Date('2031-06-01T00:00:00Z') };

function event(description: string, guest: string): CalendarEvent {
  return {
    providerEventId: 'e1',
    status: 'confirmed',
    summary: 'Planning',
    description,
    startsAt: new Date('2031-03-04T09:00:00Z'),
    endsAt: new Date('2031-03-04T10:00:00Z'),
    allDay: false,
    organizer: { email: 'lead@acme.example' },
    attendees: [
      {
        email: 'lead@acme.example',
        optional: false,
        organizer: true,
        self: false,
        responseStatus: 'accepted',
      },
      { email: guest, optional: false, organizer: false, self: false, responseStatus: 'needsAction' },
    ],
    canEdit: false,
  };
}

describe('a later sync of a changed event', () => {
  it('rewrites its attendees and parsed items, and keeps the items people added', async () => {
    const user = await createUser(ctx);
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({ userId: user.id, provider: 'ics', externalId: 'upsert', name: 'Upsert', watching: true })
      .returning();
    const target = {
      calendarId: calendar!.id,
      userId: user.id,
      companyId: user.companyId,
      ownerEmail: user.email,
    };
    const store = (e: CalendarEvent) =>
      storeSyncResult(
        ctx.pool,
        target,
        { events: [e], deletedIds: [], full: false, cursor: 'c' },
        WINDOW,
        NOW,
      );

    await store(event('Agenda:\n- Old point (5 min)', 'first@acme.example'));
    const [meeting] = await ctx.db.select().from(meetings).where(eq(meetings.calendarId, calendar!.id));
    await ctx.db
      .insert(agendaItems)
      .values({ meetingId: meeting!.id, description: 'Added by hand', position: 5, source: 'app' });

    const outcome = await store(event('Agenda:\n- New point (10 min)', 'second@acme.example'));
    expect(outcome.changedMeetingIds).toEqual([meeting!.id]);
    const items = await ctx.db
      .select({ description: agendaItems.description, source: agendaItems.source })
      .from(agendaItems)
      .where(eq(agendaItems.meetingId, meeting!.id))
      .orderBy(asc(agendaItems.description));
    expect(items).toEqual([
      { description: 'Added by hand', source: 'app' },
      { description: 'New point', source: 'parsed' },
    ]);
    const [stored] = await ctx.db
      .select({ attendees: meetings.attendees })
      .from(meetings)
      .where(eq(meetings.id, meeting!.id));
    expect(stored!.attendees.map((g) => g.email)).toEqual(['lead@acme.example', 'second@acme.example']);
  });
});
