import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, meetings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { loadMeetingsAround, loadUserContext } from '../autobalance/inputs';
import { googleUser, insertMeeting } from '../autobalance/testing';
import { loadOtherMeetingRows, loadOtherMeetingRowsOf, toOtherMeeting } from './other-meetings';
import { reevaluateMeetings } from './reevaluate';

const HOUR = 3_600_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const stored = (organizerEmail: string | null) => ({
  id: 'm1',
  eventKey: 'e1',
  summary: 'Planning',
  startsAt: new Date('2030-01-07T10:00:00Z'),
  endsAt: new Date('2030-01-07T11:00:00Z'),
  allDay: false,
  status: 'confirmed',
  responseStatus: 'needsAction',
  organizerEmail,
  skipEvaluation: false,
  attendeesCount: 3,
  maybeWellnessBlock: null,
  wellnessBlockId: null,
});

describe("the other meetings' builder", () => {
  it("knows the user's own meetings whatever the case and spaces of the organizer's address", () => {
    expect(toOtherMeeting(stored('  PAT@Acme.io '), 'pat@acme.io').userIsOrganizer).toBe(true);
    expect(toOtherMeeting(stored('pat@acme.io'), ' Pat@ACME.io').userIsOrganizer).toBe(true);
    expect(toOtherMeeting(stored('sam@acme.io'), 'pat@acme.io').userIsOrganizer).toBe(false);
    expect(toOtherMeeting(stored(null), '').userIsOrganizer).toBe(false);
  });

  // Re-evaluation compared the organizer's address exactly while auto-balance normalised it: a meeting the
  // user organizes under a differently written address was a conflict for one and not for the other.
  it('gives re-evaluation and auto-balance the same conflicts for a meeting organized as PAT@…', async () => {
    const owner = await googleUser(ctx);
    const start = new Date(Math.floor((ctx.now().getTime() + 48 * HOUR) / 60_000) * 60_000);
    const own = await insertMeeting(ctx, owner, {
      startsAt: start,
      organizerEmail: ` ${owner.user.email.toUpperCase()} `,
      summary: 'My planning',
    });
    const invited = await insertMeeting(ctx, owner, {
      startsAt: new Date(start.getTime() + HOUR / 2),
      responseStatus: 'accepted',
      summary: 'Their review',
    });

    await reevaluateMeetings(ctx, owner.user.id, [invited.id]);
    const [scored] = await ctx.db.select().from(meetings).where(eq(meetings.id, invited.id));
    expect(scored!.evaluation?.results.meeting_conflict?.score).toBe(0);

    const context = await loadUserContext(ctx, owner.user.id);
    const around = await loadMeetingsAround(ctx, context!, {
      from: start,
      to: new Date(start.getTime() + HOUR),
    });
    expect(around.neighbours.find((n) => n.id === own.id)?.userIsOrganizer).toBe(true);
  });
});

describe("several users' meetings around spans, in one statement", () => {
  it('finds for each user what one query of theirs finds: not deleted, in watched calendars, each meeting once', async () => {
    const [a, b] = [await googleUser(ctx), await googleUser(ctx)];
    const day = (d: number, hour: number) => new Date(Date.UTC(2031, 4, d, hour));
    const spans = [
      { from: day(5, 8).getTime(), to: day(5, 12).getTime() },
      { from: day(5, 18).getTime(), to: day(5, 20).getTime() },
      { from: day(8, 8).getTime(), to: day(8, 12).getTime() },
    ];
    // A's: one in the first span; one from 11 hours before it (it overlaps); one over the first two spans (found by
    // both scans, given once); one between the second and the last; one deleted. B's: one in the last span, and
    // one there in a calendar that is not watched.
    await insertMeeting(ctx, a, { startsAt: day(5, 9), summary: 'in the first' });
    await insertMeeting(ctx, a, { startsAt: day(4, 21), minutes: 12 * 60, summary: 'overlaps the first' });
    await insertMeeting(ctx, a, { startsAt: day(5, 11), minutes: 3 * 24 * 60, summary: 'over both' });
    await insertMeeting(ctx, a, { startsAt: day(6, 20), summary: 'between' });
    const deleted = await insertMeeting(ctx, a, { startsAt: day(8, 9), summary: 'deleted' });
    await ctx.db.update(meetings).set({ status: 'deleted' }).where(eq(meetings.id, deleted.id));
    await insertMeeting(ctx, b, { startsAt: day(8, 10), summary: 'theirs' });
    const [off] = await ctx.db
      .insert(calendars)
      .values({ userId: b.user.id, provider: 'ics', externalId: 'off', name: 'Off', watching: false })
      .returning();
    await insertMeeting(ctx, { user: b.user, calendar: off! }, { startsAt: day(8, 9), summary: 'unwatched' });

    const together = await loadOtherMeetingRowsOf(
      ctx.db,
      new Map([
        [a.user.id, spans],
        [b.user.id, spans],
      ]),
    );
    const bySummary = (rows: { summary: string }[]) => rows.map((r) => r.summary).sort();
    expect(bySummary(together.get(a.user.id)!)).toEqual(['in the first', 'over both', 'overlaps the first']);
    expect(bySummary(together.get(b.user.id)!)).toEqual(['theirs']);
    for (const person of [a, b]) {
      const alone = await loadOtherMeetingRows(ctx.db, person.user.id, spans);
      const sort = (rows: { id: string }[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
      expect(sort(together.get(person.user.id)!)).toEqual(sort(alone));
    }
    expect(await loadOtherMeetingRowsOf(ctx.db, new Map())).toEqual(new Map());
  });
});
