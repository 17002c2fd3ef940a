import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars } from '../db/schema';
import { createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { loadCalendarSource, saveCalendarSource } from './sources';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function icsCalendar() {
  const user = await createUser(ctx);
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider: 'ics', externalId: `file-${user.id}`, name: 'File' })
    .returning();
  return calendar!.id;
}

describe('imported files', () => {
  it('come back byte for byte, whether empty, small or large', async () => {
    for (const size of [0, 10, 57, 1024 * 1024, 20 * 1024 * 1024 + 7]) {
      const id = await icsCalendar();
      const bytes = randomBytes(size);
      await saveCalendarSource(ctx.db, id, bytes);
      const loaded = await loadCalendarSource(ctx.db, id);
      expect(loaded?.length).toBe(size);
      expect(loaded?.equals(bytes)).toBe(true);
    }
  });

  it('are undefined for a calendar without a file', async () => {
    expect(await loadCalendarSource(ctx.db, await icsCalendar())).toBeUndefined();
  });
});
