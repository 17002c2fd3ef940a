import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaItems, calendars, meetings } from '../db/schema';
import { insertMeeting } from '../features/autobalance/testing';
import { AppError } from '../http/errors';
import { createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { isTeamAdmin, ownCalendar, ownItem, ownMeeting, requirePlanAllows, teamRoleOf } from './policies';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('team roles', () => {
  it('make the founder of a team its admin, a member who joins a User, and a stranger nothing', async () => {
    const admin = await createUser(ctx);
    const member = await createUser(ctx, { companyOf: admin });
    const stranger = await createUser(ctx);
    expect(await teamRoleOf(ctx.db, admin.id, admin.companyId)).toBe('admin');
    expect(await teamRoleOf(ctx.db, member.id, admin.companyId)).toBe('user');
    expect(await teamRoleOf(ctx.db, stranger.id, admin.companyId)).toBeNull();
    expect(await isTeamAdmin(ctx.db, admin.id, admin.companyId)).toBe(true);
    expect(await isTeamAdmin(ctx.db, member.id, admin.companyId)).toBe(false);
    // An admin of one team is nothing in another.
    expect(await isTeamAdmin(ctx.db, stranger.id, admin.companyId)).toBe(false);
    expect(await teamRoleOf(ctx.db, admin.id, null)).toBeNull();
  });
});

/** The error code a policy answered with, or 'allowed'. */
async function answer(check: () => Promise<unknown> | unknown) {
  try {
    await check();
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('ownership', () => {
  it("lets a person reach their meetings, items and calendars, and answers anyone else's like a missing id", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({ userId: owner.id, provider: 'ics', externalId: 'upload', name: 'Work', watching: true })
      .returning();
    const meeting = await insertMeeting(ctx, { user: owner, calendar: calendar! }, { startsAt: ctx.now() });
    const [item] = await ctx.db
      .insert(agendaItems)
      .values({ meetingId: meeting.id, description: 'Intro' })
      .returning();

    expect(await answer(() => ownCalendar(ctx.db, owner.id, calendar!.id))).toBe('allowed');
    expect(await answer(() => ownMeeting(ctx.db, owner.id, meeting.id))).toBe('allowed');
    expect(await answer(() => ownItem(ctx.db, owner.id, 'agenda_items', item!.id))).toBe('allowed');
    expect(await answer(() => ownCalendar(ctx.db, other.id, calendar!.id))).toBe('not_found');
    expect(await answer(() => ownMeeting(ctx.db, other.id, meeting.id))).toBe('not_found');
    expect(await answer(() => ownItem(ctx.db, other.id, 'agenda_items', item!.id))).toBe('not_found');
    // An agenda item's id is no objective's.
    expect(await answer(() => ownItem(ctx.db, owner.id, 'objectives', item!.id))).toBe('not_found');

    // Deleted things are gone for their owner too.
    await ctx.db.update(agendaItems).set({ status: 'deleted' }).where(eq(agendaItems.id, item!.id));
    await ctx.db.update(meetings).set({ status: 'deleted' }).where(eq(meetings.id, meeting.id));
    expect(await answer(() => ownItem(ctx.db, owner.id, 'agenda_items', item!.id))).toBe('not_found');
    expect(await answer(() => ownMeeting(ctx.db, owner.id, meeting.id))).toBe('not_found');
  });
});

describe('plan gates', () => {
  it("refuse a feature the plan does not include with the plan's reason", async () => {
    expect(await answer(() => requirePlanAllows('trial', 'manual_actions'))).toBe('forbidden');
    expect(await answer(() => requirePlanAllows('team-500', 'manual_actions'))).toBe('allowed');
    expect(await answer(() => requirePlanAllows('team-500', 'team_management'))).toBe('forbidden');
  });
});
