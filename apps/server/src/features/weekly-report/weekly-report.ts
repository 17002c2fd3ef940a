import {
  type AveragesReport,
  type DurationAndCostsReport,
  epochDayToIsoDate,
  isoDateToEpochDay,
  localEpochDay,
  type ReportMeetingRow,
  reportableRows,
  startOfLocalDay,
  weekdayOfEpochDay,
} from '@meetwell/domain';
import { and, eq, gte, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { calendars, meetings, users } from '../../db/schema';
import { type DeliveryResult, deliverEmail, emailStatus } from '../mail/deliver';
import { buildReport } from '../reports/build-report';
import { parseRange, parseStatusFilter } from '../reports/params';
import { resolveReportScope } from '../reports/scope';
import { wantsWeeklyMail } from './recipients';
import { mailZone, previousWeek } from './schedule';
import { type WeeklyReportFacts, type WeekMeeting, weeklyReportEmail } from './weekly-report.email';

type UserRow = typeof users.$inferSelect;
type Week = { start: string; end: string };

const WEEKLY_REPORT_KIND = 'weekly_report';
/** How many of the week's meetings the mail names, the lowest scores first. */
const WORST_MEETINGS = 3;

/** One weekly report per person and week, whoever and however often asks to send it. */
export const weeklyReportKey = (userId: string, weekStart: string) =>
  `${WEEKLY_REPORT_KIND}/${userId}/${weekStart}`;

/**
 * The week's meetings with the lowest scores. The same meetings the report counts: stored in a watched
 * calendar, not cancelled or deleted, starting on a local day of the week; the domain's reportableRows then
 * keeps the scored, not-all-day ones, one per event.
 */
export async function lowestScoredMeetings(
  ctx: Pick<AppContext, 'db'>,
  user: Pick<UserRow, 'id' | 'email' | 'timeZone'>,
  week: Week,
  limit = WORST_MEETINGS,
): Promise<WeekMeeting[]> {
  const zone = mailZone(user.timeZone);
  const from = new Date(startOfLocalDay(zone, isoDateToEpochDay(week.start)));
  const to = new Date(startOfLocalDay(zone, isoDateToEpochDay(week.end) + 1));
  const rows = await ctx.db
    .select({
      id: meetings.id,
      eventKey: meetings.eventKey,
      summary: meetings.summary,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      allDay: meetings.allDay,
      score: meetings.score,
      attendeesCount: meetings.attendeesCount,
      organizerEmail: meetings.organizerEmail,
    })
    .from(meetings)
    .innerJoin(calendars, and(eq(calendars.id, meetings.calendarId), eq(calendars.watching, true)))
    .where(
      and(
        eq(meetings.userId, user.id),
        gte(meetings.startsAt, from),
        lt(meetings.startsAt, to),
        notInArray(meetings.status, ['cancelled', 'deleted']),
        isNotNull(meetings.score),
      ),
    );
  const summaries = new Map(rows.map((r) => [r.id, r.summary]));
  const ownAddress = user.email.trim().toLowerCase();
  const reportRows: ReportMeetingRow[] = rows.map((r) => ({
    eventId: r.eventKey,
    meetingId: r.id,
    isOrganizer: (r.organizerEmail ?? '').trim().toLowerCase() === ownAddress,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    allDay: r.allDay,
    score: r.score,
    attendeesCount: r.attendeesCount,
  }));
  return reportableRows(reportRows)
    .sort((a, b) => a.score - b.score || a.start - b.start)
    .slice(0, limit)
    .map((r) => ({
      id: r.row.meetingId as string,
      summary: summaries.get(r.row.meetingId as string) ?? '',
      startsAt: new Date(r.start),
      score: r.score,
    }));
}

/**
 * The week's figures as the person's Review shows them (the you view, every invite status): the averages and
 * duration_and_costs reports, and the lowest-scored meetings. Null for a week without a scored meeting.
 */
export async function weeklyReportFacts(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  week: Week,
): Promise<WeeklyReportFacts | null> {
  const scope = await resolveReportScope(ctx.db, user, { who: 'user', ...week });
  const range = parseRange(week);
  const filter = parseStatusFilter(undefined);
  // One after the other: both build the same scope's missing days, under one lock.
  const averages = (await buildReport(ctx.db, { scope, kind: 'averages', range, filter }))
    .rows as AveragesReport;
  if (averages.total === 0 || averages.average === null) return null;
  const costs = (await buildReport(ctx.db, { scope, kind: 'duration_and_costs', range, filter }))
    .rows as DurationAndCostsReport;
  return {
    to: user.email,
    firstName: user.firstName,
    timeZone: scope.timeZone,
    week,
    averages: {
      average: averages.average,
      quality_label: averages.quality_label!,
      letter_grade: averages.letter_grade!,
      total: averages.total,
    },
    costs,
    worst: await lowestScoredMeetings(ctx, user, week),
  };
}

const SETTLED = new Set(['sent', 'outbox', 'failed']);

export type WeeklyReportResult = DeliveryResult | 'not_wanted' | 'no_meetings';

/**
 * Mails the person the report of the week starting `weekStart` (a Monday), once: the mail's key names the
 * person and the week, so a retry or a second run finds it sent. Nothing for a week without scored meetings.
 */
export async function sendWeeklyReport(
  ctx: AppContext,
  params: { userId: string; week: Week },
): Promise<WeeklyReportResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, params.userId)).limit(1);
  if (!user || !wantsWeeklyMail(user, 'weekly_report')) return 'not_wanted';
  const key = weeklyReportKey(user.id, params.week.start);
  // Already settled: no need to build the week's figures again only for deliverEmail to drop them.
  if (SETTLED.has((await emailStatus(ctx, key)) ?? '')) return 'duplicate';
  const facts = await weeklyReportFacts(ctx, user, params.week);
  if (!facts) return 'no_meetings';
  const mail = await weeklyReportEmail(facts, ctx.config.appUrl);
  return deliverEmail(ctx, {
    key,
    kind: WEEKLY_REPORT_KIND,
    to: user.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    userId: user.id,
  });
}

/** The Monday–Sunday week (local days) holding the instant `now` in the zone. */
export function weekOf(timeZone: string, now: Date): Week {
  const day = localEpochDay(mailZone(timeZone), now.getTime());
  const monday = day - ((weekdayOfEpochDay(day) + 6) % 7);
  return { start: epochDayToIsoDate(monday), end: epochDayToIsoDate(monday + 6) };
}

/**
 * "This week's report" as the person asks for it in the app: the figures of the week so far, or of last week
 * while this one has no scored meeting yet (a Monday morning). Null when neither has one.
 */
export async function reportOnRequest(
  ctx: AppContext,
  user: UserRow,
  now: Date,
): Promise<{ week: Week; mail: Awaited<ReturnType<typeof weeklyReportEmail>> } | null> {
  const thisWeek = weekOf(user.timeZone, now);
  for (const week of [thisWeek, previousWeek(thisWeek.start)]) {
    const facts = await weeklyReportFacts(ctx, user, week);
    if (facts) return { week, mail: await weeklyReportEmail(facts, ctx.config.appUrl) };
  }
  return null;
}

/** The mails a person asked for with "Send me this week's report now" (kept apart from Monday's, one key each). */
export const REQUESTED_REPORT_KEY_PREFIX = `${WEEKLY_REPORT_KIND}_requested/`;
export const requestedReportKey = (userId: string, at: Date) =>
  `${REQUESTED_REPORT_KEY_PREFIX}${userId}/${at.toISOString()}`;

/**
 * Mails the person this week's report at once (reportOnRequest): asked for, so it goes whatever the weekly
 * switch says, but never to an address that unsubscribed. Its key is its own, so Monday's report still goes.
 */
export async function sendRequestedReport(
  ctx: AppContext,
  user: UserRow,
): Promise<{ result: DeliveryResult | 'no_meetings'; week: Week | null }> {
  const now = ctx.now();
  const report = await reportOnRequest(ctx, user, now);
  if (!report) return { result: 'no_meetings', week: null };
  const result = await deliverEmail(ctx, {
    key: requestedReportKey(user.id, now),
    kind: WEEKLY_REPORT_KIND,
    to: user.email,
    subject: report.mail.subject,
    html: report.mail.html,
    text: report.mail.text,
    userId: user.id,
  });
  return { result, week: report.week };
}
