import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { googleUser, insertMeeting } from '../autobalance/testing';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { parseStatusFilter } from '../reports/params';
import { ensureDays, prepareScope } from '../reports/rollups';
import { resolveReportScope } from '../reports/scope';
import { PERIOD_SUGGESTIONS_MAX_AGE_MS, periodSuggestionsKept } from './period-cache';

let ctx: TestContext;
const filter = parseStatusFilter('all');
const day = (d: number, hour = 10) => new Date(Date.UTC(2026, 9, d, hour, 0));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(new Date(Date.UTC(2026, 10, 15, 12)));
});
afterAll(() => ctx.close());

/** A person with two scored meetings in October 2026 (90 and 60 minutes, no agenda), and how to read it. */
async function personWithOctober() {
  const person = await googleUser(ctx);
  const first = await insertMeeting(ctx, person, { startsAt: day(5), minutes: 90 });
  const second = await insertMeeting(ctx, person, { startsAt: day(12), minutes: 60 });
  await reevaluateMeetings(ctx, person.user.id, [first.id, second.id]);
  const period = { start: '2026-10-01', end: '2026-10-31' };
  const scope = await resolveReportScope(ctx.db, person.user, { ...period, who: 'user' });
  return {
    person,
    first,
    read: () => periodSuggestionsKept(ctx, { scope, filter, ...period }),
    /** The period's report days, built as a Review read or the warm-up job builds them. */
    buildDays: async () =>
      ensureDays(ctx.db, {
        scopeId: await prepareScope(ctx.db, scope),
        scope,
        filter,
        from: period.start,
        to: period.end,
      }),
    /** A change no re-evaluation followed: only a new computation can see it. */
    quietlyShorten: (id: string) =>
      ctx.db
        .update(meetings)
        .set({ endsAt: day(5, 11) })
        .where(eq(meetings.id, id)),
  };
}

describe("Review's period suggestions, kept while the period's days are the same builds", () => {
  it('answers again from what was kept, and computes anew once a re-evaluation dropped a day', async () => {
    const { person, first, read, buildDays, quietlyShorten } = await personWithOctober();
    await buildDays();
    const before = await read();
    expect(before.average_score).toBe(60.5);
    await quietlyShorten(first.id);
    // Kept: the days are the same builds, so the stored meetings are taken as unchanged.
    expect(await read()).toBe(before);
    // The re-evaluation that follows any real change drops the day, and even built again at once (the warm-up
    // job), it is another build: computed again, then kept again.
    await reevaluateMeetings(ctx, person.user.id, [first.id]);
    await buildDays();
    const after = await read();
    expect(after.average_score).toBe(63);
    expect(await read()).toBe(after);
  });

  it('keeps nothing while a day of the period is not built (a change to it would go unseen)', async () => {
    const { first, read, quietlyShorten } = await personWithOctober();
    const before = await read();
    await quietlyShorten(first.id);
    const after = await read();
    expect(after).not.toBe(before);
    expect(after.average_score).toBe(63);
  });

  it('computes again once the answer is older than its age limit, however still the days', async () => {
    const { first, read, buildDays, quietlyShorten } = await personWithOctober();
    await buildDays();
    const before = await read();
    await quietlyShorten(first.id);
    ctx.setNow(new Date(ctx.now().getTime() + PERIOD_SUGGESTIONS_MAX_AGE_MS));
    const after = await read();
    expect(after).not.toBe(before);
    expect(after.average_score).toBe(63);
  });

  it('computes once for reads of the same period that arrive together', async () => {
    const { read, buildDays } = await personWithOctober();
    await buildDays();
    const [a, b, c] = await Promise.all([read(), read(), read()]);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });
});
