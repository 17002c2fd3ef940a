import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { loadMeetingsAround, loadUserContext } from '../autobalance/inputs';
import { googleUser, insertMeeting } from '../autobalance/testing';
import { toOtherMeeting } from './other-meetings';
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
