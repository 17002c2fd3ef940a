import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { createIcsCalendar, createUser } from '../../test/factories';
import { adoptTimeZone, followBrowserZone } from './time-zone';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function personWithAFile(timeZone: string) {
  const user = await createUser(ctx, { timeZone });
  const calendar = await createIcsCalendar(ctx, user, { name: 'Holidays', watching: false, timeZone });
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  const state = async () => {
    const [person] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const [file] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    return { person: person!.timeZone, file: file!.timeZone };
  };
  return { user: row!, state };
}

describe('the zone a sign-in brings', () => {
  it('moves a person and their files to a browser in another real zone', async () => {
    const { user, state } = await personWithAFile('Europe/Paris');
    const moved = await followBrowserZone(ctx, user, 'Atlantic/Reykjavik');
    expect(moved.timeZone).toBe('Atlantic/Reykjavik');
    expect(await state()).toEqual({ person: 'Atlantic/Reykjavik', file: 'Atlantic/Reykjavik' });
  });

  it('leaves them where they are for a browser that says only UTC, names their clock otherwise, or no zone', async () => {
    const { user, state } = await personWithAFile('Asia/Tokyo');
    for (const browserZone of ['UTC', 'Etc/UTC', 'GMT', 'Japan', 'Mars/Olympus', undefined]) {
      expect((await followBrowserZone(ctx, user, browserZone)).timeZone, browserZone).toBe('Asia/Tokyo');
      expect(await state(), browserZone).toEqual({ person: 'Asia/Tokyo', file: 'Asia/Tokyo' });
    }
  });

  it('takes the zone a person chooses themselves as it is, UTC included', async () => {
    const { user, state } = await personWithAFile('Asia/Tokyo');
    expect((await adoptTimeZone(ctx, user, 'UTC')).timeZone).toBe('UTC');
    expect(await state()).toEqual({ person: 'UTC', file: 'UTC' });
  });
});
