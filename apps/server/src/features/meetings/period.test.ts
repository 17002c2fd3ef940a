import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars } from '../../db/schema';
import type { App } from '../../http/app';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { MAX_MEETINGS_PER_REQUEST } from './routes';

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

describe('reading a period', () => {
  it('answers a clear error, not an out-of-memory, past the meetings one read may return', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({ userId: user.id, provider: 'ics', externalId: 'big', name: 'Big', watching: true })
      .returning();
    // One more meeting than a read returns, every 5 minutes from 1 March 2030.
    await ctx.pool.query(
      `insert into meetings (user_id, calendar_id, provider_event_id, event_key, summary, starts_at, ends_at)
       select $1, $2, 'e' || n, 'e' || n, 'Meeting ' || n,
              timestamptz '2030-03-01T00:00:00Z' + n * interval '5 minutes',
              timestamptz '2030-03-01T00:30:00Z' + n * interval '5 minutes'
       from generate_series(1, $3::int) as n`,
      [user.id, calendar!.id, MAX_MEETINGS_PER_REQUEST + 1],
    );
    const read = (from: string, to: string) =>
      app.inject({ url: `/api/v1/meetings?by_period[starts_at]=${from}&by_period[ends_at]=${to}`, headers });

    const month = await read('2030-03-01T00:00:00Z', '2030-04-01T00:00:00Z');
    expect(month.statusCode).toBe(400);
    expect(month.json().errors[0]).toMatchObject({
      detail: 'This period holds more than 5,000 meetings: ask for a shorter one.',
      source: { parameter: 'by_period[ends_at]' },
    });
    const day = await read('2030-03-02T00:00:00Z', '2030-03-03T00:00:00Z');
    expect(day.statusCode).toBe(200);
    expect(day.json().data).toHaveLength(24 * 12 + 5);
  });
});
