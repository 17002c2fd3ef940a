import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { calendars, meetings, users } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function calendarOf(userId: string, name: string) {
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId, provider: 'ics', externalId: name, name, watching: true })
    .returning();
  return calendar!;
}

const meetingIn = (calendar: { id: string }, userId: string, key: string) => ({
  userId,
  calendarId: calendar.id,
  providerEventId: key,
  eventKey: key,
  summary: key,
  description: '',
  startsAt: new Date('2026-12-01T09:00:00Z'),
  endsAt: new Date('2026-12-01T10:00:00Z'),
});

describe("a meeting's calendar and user (one foreign key)", () => {
  it("refuses a meeting whose user is not its calendar's owner, or whose calendar does not exist", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const calendar = await calendarOf(owner.id, 'work');
    await ctx.db.insert(meetings).values(meetingIn(calendar, owner.id, 'own'));
    const refused = (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code;
    await expect(
      ctx.db
        .insert(meetings)
        .values(meetingIn(calendar, other.id, 'theirs'))
        .catch(refused),
    ).resolves.toBe('23503');
    await expect(
      ctx.db
        .insert(meetings)
        .values(meetingIn({ id: crypto.randomUUID() }, owner.id, 'nowhere'))
        .catch(refused),
    ).resolves.toBe('23503');
  });

  it('deletes the meetings with their calendar, and with their user', async () => {
    const user = await createUser(ctx);
    const kept = await calendarOf(user.id, 'kept');
    const dropped = await calendarOf(user.id, 'dropped');
    await ctx.db.insert(meetings).values([meetingIn(kept, user.id, 'a'), meetingIn(dropped, user.id, 'b')]);
    await ctx.db.delete(calendars).where(eq(calendars.id, dropped.id));
    const left = await ctx.db.select().from(meetings).where(eq(meetings.userId, user.id));
    expect(left.map((m) => m.providerEventId)).toEqual(['a']);
    await ctx.db.delete(users).where(eq(users.id, user.id));
    expect(await ctx.db.select().from(meetings).where(eq(meetings.userId, user.id))).toHaveLength(0);
  });
});
