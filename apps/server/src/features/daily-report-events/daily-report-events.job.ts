import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { users } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { dailyReportJobKey, writeDailyReportEvent } from './report-event';
import { reportDayAt, zonesAtDayEnd } from './schedule';

/** Who gets report events: the switch on, the account active. */
const wantsReports = and(eq(users.dailyReportCardEvents, true), isNull(users.deactivatedAt));

/**
 * The people whose work day ends in the hour that holds `at`. The zones are read first and matched here, so
 * the local-time rule is the one tested in schedule.ts, not a copy in SQL.
 */
async function peopleAtDayEnd(ctx: Pick<AppContext, 'db'>, at: Date) {
  const zones = await ctx.db.selectDistinct({ timeZone: users.timeZone }).from(users).where(wantsReports);
  const matching = zonesAtDayEnd(
    zones.map((z) => z.timeZone),
    at,
  );
  if (matching.length === 0) return [];
  return ctx.db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(and(wantsReports, inValues(users.timeZone, matching)))
    .orderBy(users.id);
}

/** Enqueues one report job per person whose work day ends now, keyed by person and local date. */
export async function enqueueDailyReportEvents(ctx: Pick<AppContext, 'db' | 'jobs'>, at: Date) {
  let enqueued = 0;
  for (const person of await peopleAtDayEnd(ctx, at)) {
    const date = reportDayAt(at, person.timeZone);
    if (!date) continue;
    await ctx.jobs.enqueue(
      'daily_report_event',
      { userId: person.id, date },
      { jobKey: dailyReportJobKey(person.id, date), jobKeyMode: 'preserve_run_at' },
    );
    enqueued++;
  }
  return enqueued;
}

/**
 * Every hour: the report events of the people whose work day ended (18:xx local). A run missed while no
 * worker was up is made up within a few hours, for the hour it was scheduled (the cron's time, not now).
 */
export const dailyReportEventsSweepJob = defineJob({
  name: 'daily_report_events_sweep',
  payload: jobPayloads.daily_report_events_sweep,
  maxAttempts: 3,
  cron: { schedule: '11 * * * *', backfill: '4h' },
  async run(_payload, { ctx, cron, logger }) {
    const at = cron?.ts ? new Date(cron.ts) : ctx.now();
    const enqueued = await enqueueDailyReportEvents(ctx, at);
    if (enqueued) logger.info(`enqueued ${enqueued} daily report events`);
  },
});

/** Writes (or updates) one person's report event of one day; nothing when the switch went off meanwhile. */
export const dailyReportEventJob = defineJob({
  name: 'daily_report_event',
  payload: jobPayloads.daily_report_event,
  maxAttempts: 5,
  async run(payload, { ctx }) {
    await writeDailyReportEvent(ctx, payload);
  },
});
