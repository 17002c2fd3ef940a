import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, not, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type BulkColumn, bulkInsert, inValues, jsonRecordset } from '../../db/bulk';
import { actions, meetings } from '../../db/schema';
import type { JobRequest } from '../../jobs/job-queue';
import { mapInSlices, nextTurn } from '../../lib/next-turn';
import { sameJson } from '../../lib/same-json';
import { broadcastToUser } from '../../realtime/broadcast';
import { brokenCalendarIds } from '../calendars/connection-health/paused';
import { syncWindow } from '../calendars/sync/window';
import { inWatchedCalendar } from '../evaluation/other-meetings';
import { invalidateReports } from '../reports/rollups';
import { requestReportWarmup } from '../reports/warm-reports';
import { decideMeeting, type EngineDecision } from './decide';
import { loadMeetingsAround, loadUserContext, type MeetingRow } from './inputs';
import {
  type ActionEmailKind,
  declineJobKey,
  emailJobKey,
  isSeriesWide,
  type MailSubject,
  mailSubjectOf,
  NOTICE_KINDS,
  preventTokenHash,
} from './keys';
import { candidateNoticeKeys, isDue, loadNotices, type Notices } from './notices';
import { requestAutoBalance } from './request';

export type ActionRow = typeof actions.$inferSelect;

export const isDeclineAction = (action: string) => action === 'decline' || action === 'decline_conflicts';

/** A series' reminder waits a few seconds, so that the engine run that decided it has every occurrence's action. */
const SERIES_REMINDER_DELAY_MS = 5_000;

/** The job that sends one auto-balance mail of an action; a series' reminder waits for the engine run. */
/**
 * The job that sends one auto-balance mail of an action. Of a recurring event's series-wide kinds it is one job
 * per series (keyed so), waiting a few seconds so that the engine run has queued every occurrence's action.
 */
function emailJob(
  ctx: AppContext,
  action: ActionRow,
  kind: ActionEmailKind,
  subject?: MailSubject,
): JobRequest {
  const seriesWide = subject !== undefined && isSeriesWide(subject, kind);
  return {
    name: 'autobalance_email',
    payload: { actionId: action.id, kind },
    options: {
      jobKey: subject
        ? emailJobKey({ ...subject, meetingId: action.meetingId }, kind)
        : `autobalance_email:${action.meetingId}:${kind}`,
      ...(seriesWide ? { runAt: new Date(ctx.now().getTime() + SERIES_REMINDER_DELAY_MS) } : {}),
    },
  };
}

/** The decline job of an action, at `at` (null: as soon as a worker is free); one per meeting (job key). */
function declineJob(action: ActionRow, at: Date | null): JobRequest {
  return {
    name: 'autobalance_decline',
    payload: { actionId: action.id },
    options: { jobKey: declineJobKey(action.meetingId), ...(at ? { runAt: at } : {}) },
  };
}

export async function enqueueActionEmail(ctx: AppContext, action: ActionRow, kind: ActionEmailKind) {
  await ctx.jobs.enqueueMany([emailJob(ctx, action, kind)]);
}

export async function scheduleDecline(ctx: AppContext, action: ActionRow, at: Date | null) {
  await ctx.jobs.enqueueMany([declineJob(action, at)]);
}

/**
 * The jobs an engine run queues and removes, sent together at its end: a first decision over a big calendar
 * queues thousands, one statement per thousand instead of one each.
 */
type Steps = { enqueue: JobRequest[]; cancel: string[] };

/** More mails than this from one engine run (a first import of a big calendar) go out in the bulk lane. */
const BULK_MAILS = 50;
/**
 * Mail jobs run after every other kind (priority 1, see autobalance.jobs.ts). A run that queues more than
 * BULK_MAILS of them sends them after everyone else's mail too (priority 10): one person's thousands of
 * first-import reminders never hold up another person's sync, decisions or reminder.
 */
function inMailLane(requests: JobRequest[]): JobRequest[] {
  const mails = requests.filter((r) => r.name === 'autobalance_email').length;
  if (mails <= BULK_MAILS) return requests;
  return requests.map((r) =>
    r.name === 'autobalance_email' ? { ...r, options: { ...r.options, priority: 10 } } : r,
  );
}

/** scheduled → `status` (cancelled, ignored, prevented), once; the pending decline job is removed. */
export async function closeAction(
  ctx: AppContext,
  actionId: string,
  status: 'cancelled' | 'ignored' | 'prevented',
  extra: { organizerNotes?: string } = {},
): Promise<ActionRow | null> {
  const [closed] = await ctx.db
    .update(actions)
    .set({ status, updatedAt: ctx.now(), ...extra })
    .where(and(eq(actions.id, actionId), eq(actions.status, 'scheduled')))
    .returning();
  if (closed) await ctx.jobs.cancel(declineJobKey(closed.meetingId));
  return closed ?? null;
}

type ReconcileSummary = { decided: number; scheduled: number; cancelled: number; updated: number };

function actionFields(ctx: AppContext, meeting: MeetingRow, decision: EngineDecision, actionId: string) {
  const declines = isDeclineAction(decision.action);
  return {
    action: decision.action,
    manual: decision.manual,
    organizerEmail: meeting.organizerEmail,
    meetingSummary: meeting.summary,
    detailsNegative: decision.violations,
    complianceDeadline: decision.complianceDeadline,
    preventTokenHash: declines ? preventTokenHash(ctx, actionId) : null,
    preventTokenExpiresAt: declines ? decision.complianceDeadline : null,
  };
}

function sameFields(a: ActionRow, b: ReturnType<typeof actionFields>) {
  return (
    a.action === b.action &&
    a.manual === b.manual &&
    a.organizerEmail === b.organizerEmail &&
    a.meetingSummary === b.meetingSummary &&
    // jsonb gives its keys back in its own order: compared as values, not as text.
    sameJson(b.detailsNegative, a.detailsNegative) &&
    a.complianceDeadline?.getTime() === b.complianceDeadline?.getTime() &&
    a.preventTokenHash === b.preventTokenHash
  );
}

/**
 * What a scheduled action still needs: the organizer's mail for its kind and the user's pre-action notice
 * (unless already in the emails table), and the decline at its time (when new or moved).
 */
function queueSteps(
  ctx: AppContext,
  meeting: MeetingRow,
  action: ActionRow,
  decision: EngineDecision,
  options: { notices: Notices; reschedule: boolean; previous?: ActionRow },
  steps: Steps,
) {
  const kind = decision.reminderKind;
  const subject = mailSubjectOf(meeting, action.complianceDeadline);
  const rules = Object.keys(decision.violations ?? {});
  // A reminder is the whole of a remind action: a new one is queued even when nothing is due to say (its
  // job then completes the action silently); any other mail only when due.
  const due = (k: ActionEmailKind) => isDue(options.notices, subject, k, rules);
  if (kind && (due(kind) || (kind === 'reminder' && options.reschedule)))
    steps.enqueue.push(emailJob(ctx, action, kind, subject));
  if (kind === 'decline_warning' && decision.notifyUserBefore && due('pre_action')) {
    steps.enqueue.push(emailJob(ctx, action, 'pre_action', subject));
  }
  if (decision.declineAt) {
    if (options.reschedule) steps.enqueue.push(declineJob(action, decision.declineAt));
  } else if (options.previous && isDeclineAction(options.previous.action)) {
    steps.cancel.push(declineJobKey(action.meetingId));
  }
}

/**
 * The engine's state machine for one meeting (see README.md):
 * - acting and no action yet → insert it (the unique row per meeting makes this happen once) and queue its steps;
 * - acting and cancelled before (it had become compliant or answered) → scheduled again;
 * - acting and scheduled → keep its details, deadline and kind current;
 * - not acting and scheduled → cancelled;
 * - done, ignored, prevented and failed actions are final.
 * The first and the fourth are by far the most common (a first import, a setting switched off) and are done for
 * all meetings of a run at once (insertActions, cancelActions); this handles a meeting that acts and has an action.
 */
async function applyToExisting(
  ctx: AppContext,
  meeting: MeetingRow,
  decision: EngineDecision,
  existing: ActionRow,
  notices: Notices,
  steps: Steps,
): Promise<'scheduled' | 'updated' | null> {
  // A reminder went out and now the meeting is to be declined (the person chose it, or switched the setting
  // from remind to decline while it is still unanswered): the same action goes on as a decline, with its
  // warning (another mail kind). Every other final state stays final.
  const escalates =
    existing.status === 'done' && !isDeclineAction(existing.action) && isDeclineAction(decision.action);
  if (existing.status !== 'scheduled' && existing.status !== 'cancelled' && !escalates) return null;
  const fields = actionFields(ctx, meeting, decision, existing.id);
  if (existing.status === 'scheduled' && sameFields(existing, fields)) {
    queueSteps(ctx, meeting, existing, decision, { notices, reschedule: false, previous: existing }, steps);
    return null;
  }
  const [updated] = await ctx.db
    .update(actions)
    .set({
      ...fields,
      status: 'scheduled',
      updatedAt: ctx.now(),
      ...(escalates ? { performedAt: null } : {}),
    })
    .where(and(eq(actions.id, existing.id), eq(actions.status, existing.status)))
    .returning();
  if (!updated) return null;
  const moved =
    escalates ||
    existing.status === 'cancelled' ||
    existing.action !== updated.action ||
    existing.complianceDeadline?.getTime() !== updated.complianceDeadline?.getTime();
  queueSteps(ctx, meeting, updated, decision, { notices, reschedule: moved, previous: existing }, steps);
  return existing.status === 'cancelled' || escalates ? 'scheduled' : 'updated';
}

type Decided = { meeting: MeetingRow; decision: EngineDecision };

const ACTION_COLUMNS: readonly BulkColumn<typeof actions.$inferInsert>[] = [
  ['id', 'uuid', (a) => a.id],
  ['user_id', 'uuid', (a) => a.userId],
  ['meeting_id', 'uuid', (a) => a.meetingId],
  ['status', 'text', (a) => a.status],
  ['action', 'text', (a) => a.action],
  ['manual', 'boolean', (a) => a.manual],
  ['organizer_email', 'text', (a) => a.organizerEmail],
  ['meeting_summary', 'text', (a) => a.meetingSummary],
  ['details_negative', 'jsonb', (a) => a.detailsNegative],
  ['compliance_deadline', 'timestamptz', (a) => a.complianceDeadline],
  ['prevent_token_hash', 'text', (a) => a.preventTokenHash],
  ['prevent_token_expires_at', 'timestamptz', (a) => a.preventTokenExpiresAt],
  ['created_at', 'timestamptz', (a) => a.createdAt],
  ['updated_at', 'timestamptz', (a) => a.updatedAt],
];

/**
 * Actions for meetings that act and had none, a thousand per statement; each inserted row's steps are queued.
 * `on conflict do nothing` on the unique meeting key: a concurrent run that inserted first queues the steps.
 */
async function insertActions(
  ctx: AppContext,
  decided: readonly Decided[],
  notices: Notices,
  steps: Steps,
): Promise<number> {
  const now = ctx.now();
  let inserted = 0;
  for (let i = 0; i < decided.length; i += 1_000) {
    const slice = decided.slice(i, i + 1_000);
    const rows = slice.map(({ meeting, decision }) => {
      const id = randomUUID();
      return {
        id,
        userId: meeting.userId,
        meetingId: meeting.id,
        status: 'scheduled' as const,
        createdAt: now,
        updatedAt: now,
        ...actionFields(ctx, meeting, decision, id),
      };
    });
    const { rows: created } = await ctx.db.execute<{ id: string }>(
      sql`${bulkInsert('actions', ACTION_COLUMNS, rows, sql`on conflict (meeting_id) do nothing returning id`)}`,
    );
    const createdIds = new Set(created.map((r) => r.id));
    rows.forEach((row, index) => {
      if (!createdIds.has(row.id)) return;
      inserted++;
      const { meeting, decision } = slice[index]!;
      const action = { ...row, performedAt: null, organizerNotes: null } as ActionRow;
      queueSteps(ctx, meeting, action, decision, { notices, reschedule: true }, steps);
    });
  }
  return inserted;
}

/** scheduled → cancelled for many actions at once (guarded like closeAction); their decline jobs go. */
async function cancelActions(ctx: AppContext, actionIds: readonly string[], steps: Steps): Promise<number> {
  let cancelled = 0;
  for (let i = 0; i < actionIds.length; i += 5_000) {
    const closed = await ctx.db
      .update(actions)
      .set({ status: 'cancelled', updatedAt: ctx.now() })
      .where(
        and(inValues(actions.id, actionIds.slice(i, i + 5_000), 'uuid'), eq(actions.status, 'scheduled')),
      )
      .returning({ meetingId: actions.meetingId });
    for (const { meetingId } of closed) steps.cancel.push(declineJobKey(meetingId));
    cancelled += closed.length;
  }
  return cancelled;
}

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
  const now = ctx.now();
  const around = await loadMeetingsAround(ctx, context, {
    from: now,
    to: syncWindow(now).to,
    ids: options.meetingIds,
  });
  // A calendar that cannot be read: its meetings wait (their actions neither change nor cancel) until it is.
  const paused = await brokenCalendarIds(ctx, userId);
  if (paused.size) around.targets = around.targets.filter((m) => !paused.has(m.calendarId));
  const ids = around.targets.map((m) => m.id);
  // In slices: tens of thousands of decisions would hold the thread that also serves requests.
  const decided = await mapInSlices(around.targets, 1_000, (meeting) => ({
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
  const byMeeting = new Map(existing.map((a) => [a.meetingId, a]));
  const steps: Steps = { enqueue: [], cancel: [] };
  const toInsert: Decided[] = [];
  const toCancel: string[] = [];
  const complianceChanges: ComplianceChange[] = [];
  for (const [index, item] of decided.entries()) {
    if (index > 0 && index % 1_000 === 0) await nextTurn();
    const { meeting, decision } = item;
    summary.decided++;
    const action = byMeeting.get(meeting.id);
    if (!decision.act) {
      if (action?.status === 'scheduled') toCancel.push(action.id);
    } else if (!action) {
      toInsert.push(item);
    } else {
      const outcome = await applyToExisting(ctx, meeting, decision, action, notices, steps);
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
  summary.cancelled += await cancelActions(ctx, toCancel, steps);
  summary.scheduled += await insertActions(ctx, toInsert, notices, steps);
  await ctx.jobs.cancelMany(steps.cancel);
  await ctx.jobs.enqueueMany(inMailLane(steps.enqueue));
  await writeCompliance(ctx, complianceChanges);
  if (complianceChanges.length) {
    // Compliance is counted in the report roll-ups: the days of these meetings are built again.
    const changed = new Set(complianceChanges.map((c) => c.id));
    await invalidateReports(ctx.db, {
      userIds: [userId],
      companyIds: [context.user.companyId],
      spans: around.targets.filter((m) => changed.has(m.id)).map((m) => ({ from: m.startsAt, to: m.endsAt })),
    });
    await requestReportWarmup(ctx, userId);
  }
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
