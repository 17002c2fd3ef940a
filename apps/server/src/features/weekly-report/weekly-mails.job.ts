import { epochDayToIsoDate, isoDateToEpochDay } from '@meetwell/domain';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { recipientsInSlot } from './recipients';
import { previousWeek, slotAt, TIP_SLOT, WEEKLY_REPORT_SLOT } from './schedule';
import { sendWeeklyTip } from './tips';
import { sendWeeklyReport } from './weekly-report';

/**
 * Enqueues the weekly mails due at `at`: the report of the week that ended for everyone whose local time is
 * Monday 07:xx, the tip for everyone at Thursday 07:xx. One job per person and week (its key), and each mail
 * keyed in the mail pipeline, so overlapping sweeps and retries send nothing twice.
 */
export async function enqueueWeeklyMails(ctx: Pick<AppContext, 'db' | 'jobs'>, at: Date) {
  let reports = 0;
  for (const person of await recipientsInSlot(ctx, 'weekly_report', WEEKLY_REPORT_SLOT, at)) {
    const hit = slotAt(at, person.timeZone, WEEKLY_REPORT_SLOT);
    if (!hit) continue;
    const week = previousWeek(hit.today);
    await ctx.jobs.enqueue(
      'weekly_report_email',
      { userId: person.id, weekStart: week.start },
      { jobKey: `weekly_report_email:${person.id}:${week.start}`, jobKeyMode: 'preserve_run_at' },
    );
    reports++;
  }
  let tips = 0;
  for (const person of await recipientsInSlot(ctx, 'tip', TIP_SLOT, at)) {
    const hit = slotAt(at, person.timeZone, TIP_SLOT);
    if (!hit) continue;
    await ctx.jobs.enqueue(
      'tip_email',
      { userId: person.id, slotStart: hit.slotStart.toISOString() },
      { jobKey: `tip_email:${person.id}:${hit.weekStart}`, jobKeyMode: 'preserve_run_at' },
    );
    tips++;
  }
  return { reports, tips };
}

/**
 * Every hour: the weekly mails due in the zones where it is now 07:xx on their day. A run missed while no
 * worker was up is made up within a few hours, for the hour it was scheduled (the cron's time, not now).
 */
export const weeklyMailsSweepJob = defineJob({
  name: 'weekly_mails_sweep',
  payload: jobPayloads.weekly_mails_sweep,
  maxAttempts: 3,
  cron: { schedule: '7 * * * *', backfill: '4h' },
  async run(_payload, { ctx, cron, logger }) {
    const at = cron?.ts ? new Date(cron.ts) : ctx.now();
    const { reports, tips } = await enqueueWeeklyMails(ctx, at);
    if (reports || tips) logger.info(`enqueued ${reports} weekly reports and ${tips} tips`);
  },
});

/** Mails one person the report of one week (a no-op once it is sent, or for a week without meetings). */
export const weeklyReportEmailJob = defineJob({
  name: 'weekly_report_email',
  payload: jobPayloads.weekly_report_email,
  maxAttempts: 5,
  async run({ userId, weekStart }, { ctx }) {
    const end = epochDayToIsoDate(isoDateToEpochDay(weekStart) + 6);
    const result = await sendWeeklyReport(ctx, { userId, week: { start: weekStart, end } });
    if (result === 'in_flight') throw new Error('This weekly report is being sent elsewhere.');
  },
});

/** Mails one person this week's tip (a no-op once one went out this week). */
export const tipEmailJob = defineJob({
  name: 'tip_email',
  payload: jobPayloads.tip_email,
  maxAttempts: 5,
  async run({ userId, slotStart }, { ctx }) {
    const result = await sendWeeklyTip(ctx, { userId, slotStart: new Date(slotStart) });
    if (result === 'in_flight') throw new Error('This tip is being sent elsewhere.');
  },
});
