import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, meetings } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { browserFor, createUser } from '../../test/factories';
import { attendeeList } from '../calendars/sync/attendee-list';
import { syncRoutes } from '../calendars/sync/sync.routes';
import { meetingRoutes } from '../meetings/routes';
import { recordOwnResponse } from './own-response';
import { autoBalanceRoutes } from './routes';
import { insertMeeting } from './testing';

let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [autoBalanceRoutes, meetingRoutes, syncRoutes]);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** A user with an imported ICS calendar (answers are recorded in MeetWell: ICS cannot answer). */
async function icsOwner() {
  const user = await createUser(ctx);
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider: 'ics', externalId: 'upload', name: 'Work', watching: true })
    .returning();
  return { user, calendar: calendar! };
}

async function ownEntries(meetingId: string) {
  const [row] = await ctx.db
    .select({ attendees: meetings.attendees })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return row!.attendees.filter((a) => a.self);
}

describe("the user's own answer", () => {
  it('after Ignore (accept), the meeting and its attendee row both say accepted, and the meeting shows it', async () => {
    const owner = await icsOwner();
    const meeting = await insertMeeting(ctx, owner, { startsAt: new Date(Date.now() + 50 * 3_600_000) });
    const invited = [
      {
        email: 'boss@partner.example',
        optional: false,
        organizer: true,
        self: false,
        responseStatus: 'accepted',
      },
      {
        email: owner.user.email,
        optional: false,
        organizer: false,
        self: true,
        responseStatus: 'needsAction',
      },
    ] as const;
    await ctx.db
      .update(meetings)
      .set({ attendees: attendeeList({ attendees: [...invited] }, owner.user.email) })
      .where(eq(meetings.id, meeting.id));
    const headers = await browserFor(ctx, owner.user.id);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/v1/users/meetings/accept/${meeting.id}`,
      headers,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await ownEntries(meeting.id)).toEqual([expect.objectContaining({ status: 'accepted' })]);
    const shown = (await app.inject({ url: `/api/v1/meetings/${meeting.id}`, headers })).json().data
      .attributes;
    expect(shown.response_status).toBe('accepted');
    expect(JSON.stringify(shown.attendees)).toContain('"accepted"');
    expect(JSON.stringify(shown.attendees)).not.toContain('needsAction');
  });

  it('a decline adds the own attendee row when the provider listed none', async () => {
    const owner = await icsOwner();
    const meeting = await insertMeeting(ctx, owner, { startsAt: new Date(Date.now() + 50 * 3_600_000) });
    await recordOwnResponse(ctx, meeting, 'declined');
    expect(await ownEntries(meeting.id)).toEqual([
      expect.objectContaining({ email: owner.user.email.toLowerCase(), status: 'declined' }),
    ]);
    const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.responseStatus).toBe('declined');
  });

  it('is never changed by a link from another site: the GET the spec names needs the CSRF header too', async () => {
    const owner = await icsOwner();
    const meeting = await insertMeeting(ctx, owner, { startsAt: new Date(Date.now() + 50 * 3_600_000) });
    const { 'x-csrf-token': _csrf, ...cookieOnly } = await browserFor(ctx, owner.user.id);
    const navigation = await app.inject({
      url: `/api/v1/users/meetings/accept/${meeting.id}`,
      headers: cookieOnly,
    });
    expect(navigation.statusCode).toBe(403);
    const resync = await app.inject({ url: '/api/v1/meetings/sync?confirmed=true', headers: cookieOnly });
    expect(resync.statusCode).toBe(403);
    // Asking whether a sync runs changes nothing and stays a plain GET.
    expect((await app.inject({ url: '/api/v1/meetings/sync', headers: cookieOnly })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.responseStatus).toBe('needsAction');
  });
});
