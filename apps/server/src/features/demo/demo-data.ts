import { localEpochDay, localToUtc, weekdayOfEpochDay } from '@meetwell/domain';
import type { AppContext } from '../../context';
import { calendarSources, calendars, type users, wellnessBlocks } from '../../db/schema';
import { runCalendarSync } from '../calendars/sync/run-sync';
import { requestReportWarmup } from '../reports/warm-reports';
import { demoCalendarIcs } from './demo-calendar';
import { seedDemoPastActions } from './demo-nudges';
import { DEMO_TEAM, type DemoPerson } from './demo-team';

type UserRow = typeof users.$inferSelect;
const DEMO_CALENDAR_ID = 'demo-calendar';

function personOf(user: UserRow): DemoPerson | undefined {
  const local = user.email.split('@')[0];
  return DEMO_TEAM.find((m) => m.person === local)?.person;
}

/** A Monday four weeks back at a local time: the first occurrence of a weekly demo block. */
function firstOccurrence(now: Date, timeZone: string, hour: number, minutes: number) {
  const today = localEpochDay(timeZone, now.getTime());
  const monday = today - ((weekdayOfEpochDay(today) + 6) % 7) - 28;
  return new Date(localToUtc(timeZone, monday, hour * 60 + minutes));
}

/**
 * Each demo person's calendar (an ICS source written for the team's own domain), Wellness blocks for the
 * admin, then each calendar read once by the real sync (so the demo's meetings are stored and scored as any
 * imported calendar's), and the nudges auto-balance would have sent about past meetings. The rows are
 * inserted a table at a time.
 */
export async function seedDemoData(ctx: AppContext, team: UserRow[], domain: string) {
  const now = ctx.now();
  const people = team.flatMap((user) => {
    const person = personOf(user);
    return person ? [{ user, person }] : [];
  });
  if (people.length === 0) return;
  const rows = await ctx.db
    .insert(calendars)
    .values(
      people.map(({ user }) => ({
        userId: user.id,
        provider: 'ics' as const,
        externalId: DEMO_CALENDAR_ID,
        name: `${user.firstName}'s calendar (demo)`,
        timeZone: user.timeZone,
        isPrimary: true,
        watching: true,
        canWrite: true,
      })),
    )
    .returning({ id: calendars.id, userId: calendars.userId });
  const calendarOf = new Map(rows.map((row) => [row.userId, row.id]));
  await ctx.db.insert(calendarSources).values(
    people.map(({ user, person }) => ({
      calendarId: calendarOf.get(user.id)!,
      content: Buffer.from(demoCalendarIcs({ person, timeZone: user.timeZone, now, domain }), 'utf8'),
    })),
  );
  const admin = people.find((p) => p.person === 'alex')?.user;
  if (admin) {
    const deepWorkStart = firstOccurrence(now, admin.timeZone, 13, 0);
    const gymStart = firstOccurrence(now, admin.timeZone, 17, 30);
    await ctx.db.insert(wellnessBlocks).values([
      {
        userId: admin.id,
        calendarId: calendarOf.get(admin.id)!,
        label: 'Deep work',
        category: 'focus',
        rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
        startsAt: deepWorkStart,
        endsAt: new Date(deepWorkStart.getTime() + 2 * 3_600_000),
        timeZone: admin.timeZone,
      },
      {
        userId: admin.id,
        calendarId: calendarOf.get(admin.id)!,
        label: 'Gym',
        category: 'life',
        rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH',
        startsAt: gymStart,
        endsAt: new Date(gymStart.getTime() + 3_600_000),
        timeZone: admin.timeZone,
      },
    ]);
  }
  // Two calendars at a time: one's JavaScript runs while the other waits on PostgreSQL (each sync holds a
  // lock connection and a working one, so two stay well inside the smallest pool).
  const queue = [...rows];
  await Promise.all(
    [0, 1].map(async () => {
      for (let row = queue.shift(); row; row = queue.shift())
        await runCalendarSync(ctx, { calendarId: row.id, mode: 'full' });
    }),
  );
  await seedDemoPastActions(
    ctx,
    people.map(({ user }) => user.id),
  );
  // The Review page's roll-ups (the admin's and the team's) are built by a job now, before the first read.
  if (admin) await requestReportWarmup(ctx, admin.id, { delayMs: 0 });
}
