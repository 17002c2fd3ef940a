import { and, eq, inArray, lte, not, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type BulkColumn, inValues, jsonRecordset } from '../../db/bulk';
import { actions, meetings } from '../../db/schema';
import { mapInTurns, turnsOfWork } from '../../lib/next-turn';
import { broadcastToUser } from '../../realtime/broadcast';
import { brokenCalendarIds } from '../calendars/connection-health/paused';
import { syncWindow } from '../calendars/sync/window';
import { inWatchedCalendar } from '../evaluation/other-meetings';
import { invalidateReports } from '../reports/rollups';
import { requestReportWarmup } from '../reports/warm-reports';
import { type ActionRow, closeAction, inMailLane, type Steps, scheduleDecline } from './action-jobs';
import {
  applyToExisting,
  cancelActions,
  type Decided,
  insertActions,
  type ReconcileSummary,
} from './action-writes';
import { decideMeeting } from './decide';
import { loadMeetingsAround, loadUserContext, type MeetingsAround, type UserContext } from './inputs';
import { mailSubjectOf, NOTICE_KINDS } from './keys';
import { candidateNoticeKeys, loadNotices, type Notices } from './notices';
import { requestAutoBalance } from './request';

/**
 * Decides every future meeting of the user (or only `meetingIds`) with the domain's rules and brings the
 * actions table and the job queue in line. Safe to run at any time, repeatedly and concurrently: every write
 * is an insert on the unique meeting key or a guarded transition, and every step a keyed, idempotent job.
 */
export async function reconcileUser(
  ctx: AppContext,
  userId: string,
  options: { meetingIds?: string[] } = {},
) {
  const summary: ReconcileSummary = { decided: 0, scheduled: 0, cancelled: 0, updated: 0 };
  const context = await loadUserContext(ctx, userId);
  if (!context) return summary;
  const run = await decideAll(ctx, context, options.meetingIds);
  const { steps, toInsert, toCancel, complianceChanges } = await applyDecisions(ctx, run, summary);
  summary.cancelled += await cancelActions(ctx, toCancel, steps);
  summary.scheduled += await insertActions(ctx, toInsert, run.notices, steps);
  await ctx.jobs.cancelMany(steps.cancel);
  await ctx.jobs.enqueueMany(inMailLane(steps.enqueue));
  await recordCompliance(ctx, context, run.around, complianceChanges);
  if (!options.meetingIds) summary.cancelled += await cancelStaleActions(ctx, userId);
  // The Balance screen's Future list follows at once (the web app refreshes its actions on this message).
  if (summary.scheduled + summary.cancelled + summary.updated > 0) {
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', userId, {
      type: 'actions_changed',
      ...summary,
    });
  }
  return summary;
}

/** One run's decisions: the meetings around, each target's decision, their actions and what was said before. */
type Run = {
  around: MeetingsAround;
  decided: Decided[];
  byMeeting: Map<string, ActionRow>;
  notices: Notices;
};

/** Decides the user's future meetings (or `meetingIds`), and reads their actions and past notices. */
async function decideAll(
  ctx: AppContext,
  context: UserContext,
  meetingIds: string[] | undefined,
): Promise<Run> {
  const userId = context.user.id;
  const now = ctx.now();
  const around = await loadMeetingsAround(ctx, context, {
    from: now,
    to: syncWindow(now).to,
    ids: meetingIds,
  });
  // A calendar that cannot be read: its meetings wait (their actions neither change nor cancel) until it is.
  const paused = await brokenCalendarIds(ctx, userId);
  if (paused.size) around.targets = around.targets.filter((m) => !paused.has(m.calendarId));
  const ids = around.targets.map((m) => m.id);
  // In slices: tens of thousands of decisions would hold the thread that also serves requests.
  const decided = await mapInTurns(around.targets, (meeting) => ({
    meeting,
    decision: decideMeeting(meeting, context, around, now),
  }));
  // What was said before about these occurrences (whatever meeting row it was said for), by notice key.
  const noticeKeys = candidateNoticeKeys(
    decided.map(({ meeting, decision }) => mailSubjectOf(meeting, decision.complianceDeadline)),
    NOTICE_KINDS,
  );
  const [existing, notices] = ids.length
    ? await Promise.all([
        ctx.db
          .select()
          .from(actions)
          .where(inValues(actions.meetingId, ids, 'uuid')),
        loadNotices(ctx, noticeKeys),
      ])
    : [[], new Map() as Notices];
  return { around, decided, byMeeting: new Map(existing.map((a) => [a.meetingId, a])), notices };
}

/**
 * Each decision against its meeting's action: actions to insert and to cancel (done in bulk afterwards), an
 * existing action brought in line at once, and the meetings whose compliance changed.
 */
async function applyDecisions(ctx: AppContext, run: Run, summary: ReconcileSummary) {
  const steps: Steps = { enqueue: [], cancel: [] };
  const toInsert: Decided[] = [];
  const toCancel: string[] = [];
  const complianceChanges: ComplianceChange[] = [];
  const turns = turnsOfWork();
  for (const item of run.decided) {
    if (turns.due()) await turns.take();
    const { meeting, decision } = item;
    summary.decided++;
    const action = run.byMeeting.get(meeting.id);
    if (!decision.act) {
      if (action?.status === 'scheduled') toCancel.push(action.id);
    } else if (!action) {
      toInsert.push(item);
    } else {
      const outcome = await applyToExisting(ctx, meeting, decision, action, run.notices, steps);
      if (outcome) summary[outcome]++;
    }
    if (
      !decision.manual &&
      (meeting.compliant !== decision.compliant ||
        meeting.complianceDeadline?.getTime() !== decision.complianceDeadline?.getTime())
    ) {
      complianceChanges.push({
        id: meeting.id,
        compliant: decision.compliant,
        deadline: decision.complianceDeadline,
      });
    }
  }
  return { steps, toInsert, toCancel, complianceChanges };
}

/** Writes the meetings' new compliance; the report days they count in are built again. */
async function recordCompliance(
  ctx: AppContext,
  context: UserContext,
  around: MeetingsAround,
  complianceChanges: readonly ComplianceChange[],
) {
  await writeCompliance(ctx, complianceChanges);
  if (!complianceChanges.length) return;
  // Compliance is counted in the report roll-ups: the days of these meetings are built again.
  const changed = new Set(complianceChanges.map((c) => c.id));
  await invalidateReports(ctx.db, {
    userIds: [context.user.id],
    companyIds: [context.user.companyId],
    spans: around.targets.filter((m) => changed.has(m.id)).map((m) => ({ from: m.startsAt, to: m.endsAt })),
  });
  await requestReportWarmup(ctx, context.user.id);
}

type ComplianceChange = { id: string; compliant: boolean | null; deadline: Date | null };

const COMPLIANCE_COLUMNS: readonly BulkColumn<ComplianceChange>[] = [
  ['id', 'uuid', (c) => c.id],
  ['compliant', 'boolean', (c) => c.compliant],
  ['deadline', 'timestamptz', (c) => c.deadline],
];

/** A first decision of a big calendar changes tens of thousands of meetings: written in batches, not one by one. */
async function writeCompliance(ctx: AppContext, changes: readonly ComplianceChange[]) {
  for (let i = 0; i < changes.length; i += 5_000) {
    await ctx.db.execute(sql`
      update meetings as m set compliant = c.compliant, compliance_deadline = c.deadline
        from ${jsonRecordset(COMPLIANCE_COLUMNS, changes.slice(i, i + 5_000), 'c')}
       where m.id = c.id`);
  }
}

/** Scheduled actions of meetings that started, were cancelled or deleted: nothing can be done any more. */
async function cancelStaleActions(ctx: AppContext, userId: string): Promise<number> {
  const stale = await ctx.db
    .select({ id: actions.id })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .where(
      and(
        eq(actions.userId, userId),
        eq(actions.status, 'scheduled'),
        or(
          lte(meetings.startsAt, ctx.now()),
          inArray(meetings.status, ['cancelled', 'deleted']),
          not(inWatchedCalendar(sql`${meetings}`)),
        ),
      ),
    );
  let cancelled = 0;
  for (const row of stale) if (await closeAction(ctx, row.id, 'cancelled')) cancelled++;
  return cancelled;
}

/**
 * The safety net (cron): users with scheduled actions are decided again (a settings or list change that
 * re-evaluated nothing, a meeting that started), and decline jobs that should have run are queued again.
 * New detections need no sweep: every evaluation change (sync, items, blocks, flags) asks for a decision.
 */
export async function sweep(ctx: AppContext) {
  const now = ctx.now();
  const userRows = await ctx.db
    .selectDistinct({ userId: actions.userId })
    .from(actions)
    .where(eq(actions.status, 'scheduled'));
  for (const { userId } of userRows) await requestAutoBalance(ctx, userId, 0);
  // A decline whose job was lost (a crash between the insert and the enqueue) runs now.
  const overdue = await ctx.db
    .select()
    .from(actions)
    .where(
      and(
        eq(actions.status, 'scheduled'),
        inArray(actions.action, ['decline', 'decline_conflicts']),
        lte(actions.complianceDeadline, new Date(now.getTime() - 5 * 60_000)),
      ),
    );
  for (const action of overdue) await scheduleDecline(ctx, action, null);
  return { users: userRows.length, overdue: overdue.length };
}
