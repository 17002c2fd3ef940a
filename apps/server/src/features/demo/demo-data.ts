import { localEpochDay, localToUtc, weekdayOfEpochDay } from '@meetwell/domain';
import { and, eq } from 'drizzle-orm';
import { requestSync } from '../../calendars/service';
import { saveCalendarSource } from '../../calendars/sources';
import { runCalendarSync } from '../../calendars/sync/run-sync';
import type { AppContext } from '../../context';
import { calendars, type users, wellnessBlocks } from '../../db/schema';
import { demoCalendarIcs } from './demo-calendar';
import { seedDemoPastActions } from './demo-nudges';
import { DEMO_TEAM } from './demo-team';

type UserRow = typeof users.$inferSelect;
const DEMO_CALENDAR_ID = 'demo-calendar';
/** The demo calendar is rewritten around the current week when it is older than this. */
const REFRESH_AFTER_MS = 12 * 3_600_000;

function personOf(user: UserRow) {
  return DEMO_TEAM.find((m) => m.email === user.email)?.person;
}

/** A Monday four weeks back at a local time: the first occurrence of a weekly demo block. */
function firstOccurrence(now: Date, timeZone: string, hour: number, minutes: number) {
  const today = localEpochDay(timeZone, now.getTime());
  const monday = today - ((weekdayOfEpochDay(today) + 6) % 7) - 28;
  return new Date(localToUtc(timeZone, monday, hour * 60 + minutes));
}

/** Each demo user's calendar (an ICS source), Wellness blocks for the admin, then one synchronous sync each. */
export async function seedDemoData(ctx: AppContext, team: UserRow[]) {
  for (const user of team) {
    const person = personOf(user);
    if (!person) continue;
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({
        userId: user.id,
        provider: 'ics',
        externalId: DEMO_CALENDAR_ID,
        name: `${user.firstName}'s calendar (demo)`,
        timeZone: user.timeZone,
        isPrimary: true,
        watching: true,
        canWrite: true,
      })
      .returning();
    await saveCalendarSource(
      ctx.db,
      calendar!.id,
      demoCalendarIcs({ person, timeZone: user.timeZone, now: ctx.now() }),
    );
    if (person === 'alex') {
      const deepWorkStart = firstOccurrence(ctx.now(), user.timeZone, 13, 0);
      const gymStart = firstOccurrence(ctx.now(), user.timeZone, 17, 30);
      await ctx.db.insert(wellnessBlocks).values([
        {
          userId: user.id,
          calendarId: calendar!.id,
          label: 'Deep work',
          category: 'focus',
          rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
          startsAt: deepWorkStart,
          endsAt: new Date(deepWorkStart.getTime() + 2 * 3_600_000),
          timeZone: user.timeZone,
        },
        {
          userId: user.id,
          calendarId: calendar!.id,
          label: 'Gym',
          category: 'life',
          rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH',
          startsAt: gymStart,
          endsAt: new Date(gymStart.getTime() + 3_600_000),
          timeZone: user.timeZone,
        },
      ]);
    }
    await runCalendarSync(ctx, { calendarId: calendar!.id, mode: 'full' });
  }
  await seedDemoPastActions(
    ctx,
    team.map((u) => u.id),
  );
}

/** Moves the demo calendars to the current weeks (and the user's time zone) once they are half a day old. */
export async function refreshDemoData(ctx: AppContext, team: UserRow[]) {
  // Meetings that went by since the last visit get the nudges auto-balance would have sent.
  await seedDemoPastActions(
    ctx,
    team.map((u) => u.id),
  );
  for (const user of team) {
    const person = personOf(user);
    if (!person) continue;
    const [calendar] = await ctx.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.userId, user.id), eq(calendars.externalId, DEMO_CALENDAR_ID)));
    if (!calendar) continue;
    const stale = ctx.now().getTime() - calendar.updatedAt.getTime() > REFRESH_AFTER_MS;
    if (!stale && calendar.timeZone === user.timeZone) continue;
    await ctx.db
      .update(calendars)
      .set({
        timeZone: user.timeZone,
        updatedAt: ctx.now(),
      })
      .where(eq(calendars.id, calendar.id));
    await saveCalendarSource(
      ctx.db,
      calendar.id,
      demoCalendarIcs({ person, timeZone: user.timeZone, now: ctx.now() }),
    );
    await requestSync(ctx, calendar.id, 'full');
  }
}
