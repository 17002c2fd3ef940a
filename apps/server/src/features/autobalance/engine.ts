import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, not, or, sql } from 'drizzle-orm';
import { syncWindow } from '../../calendars/sync/window';
import type { AppContext } from '../../context';
import { type BulkColumn, inValues, jsonRecordset } from '../../db/bulk';
import { actions, emails, meetings } from '../../db/schema';
import { broadcastToUser } from '../../realtime/broadcast';
import { inWatchedCalendar } from '../evaluation/other-meetings';
import { invalidateReports } from '../reports/rollups';
import { requestReportWarmup } from '../reports/warm-reports';
import { decideMeeting, type EngineDecision } from './decide';
import { loadMeetingsAround, loadUserContext, type MeetingRow } from './inputs';
import {
  ACTION_EMAIL_KINDS,
  type ActionEmailKind,
  declineJobKey,
  emailJobKey,
  emailKey,
  isSeriesWide,
  mailSubjectOf,
  preventTokenHash,
} from './keys';
import { requestAutoBalance } from './request';

export type ActionRow = typeof actions.$inferSelect;

export const isDeclineAction = (action: string) => action === 'decline' || action === 'decline_conflicts';

/** A series' reminder waits a few seconds, so that the engine run that decided it has every occurrence's action. */
const SERIES_REMINDER_DELAY_MS = 5_000;

export async function enqueueActionEmail(
  ctx: AppContext,
  action: ActionRow,
  kind: ActionEmailKind,
  options: { seriesWide?: boolean } = {},
) {
  await ctx.jobs.enqueue(
    'autobalance_email',
    { actionId: action.id, kind },
    {
      jobKey: emailJobKey(action.meetingId, kind),
      ...(options.seriesWide ? { runAt: new Date(ctx.now().getTime() + SERIES_REMINDER_DELAY_MS) } : {}),
    },
  );
}

/** The decline job of an action, at `at` (null: as soon as a worker is free); one per meeting (job key). */
export async function scheduleDecline(ctx: AppContext, action: ActionRow, at: Date | null) {
  await ctx.jobs.enqueue(
    'autobalance_decline',
    { actionId: action.id },
    { jobKey: declineJobKey(action.meetingId), ...(at ? { runAt: at } : {}) },
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
    JSON.stringify(a.detailsNegative) === JSON.stringify(b.detailsNegative) &&
    a.complianceDeadline?.getTime() === b.complianceDeadline?.getTime() &&
    a.preventTokenHash === b.preventTokenHash
  );
}

/**
 * Queues what a scheduled action still needs: the organizer's mail for its kind and the user's pre-action
 * notice (unless already in the emails table), and the decline at its time (when new or moved).
 */
async function queueSteps(
  ctx: AppContext,
  meeting: MeetingRow,
  action: ActionRow,
  decision: EngineDecision,
  options: { sentKeys: Set<string>; reschedule: boolean; previous?: ActionRow },
) {
  const kind = decision.reminderKind;
  const subject = mailSubjectOf(meeting, action.complianceDeadline);
  if (kind && !options.sentKeys.has(emailKey(subject, kind)))
    await enqueueActionEmail(ctx, action, kind, { seriesWide: isSeriesWide(subject, kind) });
  if (
    kind === 'decline_warning' &&
    decision.notifyUserBefore &&
    !options.sentKeys.has(emailKey(subject, 'pre_action'))
  ) {
    await enqueueActionEmail(ctx, action, 'pre_action');
  }
  if (decision.declineAt) {
    if (options.reschedule) await scheduleDecline(ctx, action, decision.declineAt);
  } else if (options.previous && isDeclineAction(options.previous.action)) {
    await ctx.jobs.cancel(declineJobKey(action.meetingId));
  }
}

/**
 * The engine's state machine for one meeting (see README.md):
 * - acting and no action yet → insert it (the unique row per meeting makes this happen once) and queue its steps;
 * - acting and cancelled before (it had become compliant or answered) → scheduled again;
 * - acting and scheduled → keep its details, deadline and kind current;
 * - not acting and scheduled → cancelled;
 * - done, ignored, prevented and failed actions are final.
 */
async function applyDecision(
  ctx: AppContext,
  meeting: MeetingRow,
  decision: EngineDecision,
  existing: ActionRow | undefined,
  sentKeys: Set<string>,
): Promise<'scheduled' | 'cancelled' | 'updated' | null> {
  const now = ctx.now();
  if (!decision.act) {
    if (existing?.status === 'scheduled' && (await closeAction(ctx, existing.id, 'cancelled')))
      return 'cancelled';
    return null;
  }
  if (!existing) {
    const id = randomUUID();
    const [inserted] = await ctx.db
      .insert(actions)
      .values({
        id,
        userId: meeting.userId,
        meetingId: meeting.id,
        status: 'scheduled',
        createdAt: now,
        updatedAt: now,
        ...actionFields(ctx, meeting, decision, id),
      })
      .onConflictDoNothing({ target: actions.meetingId })
      .returning();
    // Lost the race to a concurrent run: that run queues the steps.
    if (!inserted) return null;
    await queueSteps(ctx, meeting, inserted, decision, { sentKeys, reschedule: true });
    return 'scheduled';
  }
  // A reminder went out and now the meeting is to be declined (the person chose it, or switched the setting
  // from remind to decline while it is still unanswered): the same action goes on as a decline, with its
  // warning (another mail kind). Every other final state stays final.
  const escalates =
    existing.status === 'done' && !isDeclineAction(existing.action) && isDeclineAction(decision.action);
  if (existing.status !== 'scheduled' && existing.status !== 'cancelled' && !escalates) return null;
  const fields = actionFields(ctx, meeting, decision, existing.id);
  if (existing.status === 'scheduled' && sameFields(existing, fields)) {
    await queueSteps(ctx, meeting, existing, decision, { sentKeys, reschedule: false, previous: existing });
    return null;
  }
  const [updated] = await ctx.db
    .update(actions)
    .set({ ...fields, status: 'scheduled', updatedAt: now, ...(escalates ? { performedAt: null } : {}) })
    .where(and(eq(actions.id, existing.id), eq(actions.status, existing.status)))
    .returning();
  if (!updated) return null;
  const moved =
    escalates ||
    existing.status === 'cancelled' ||
    existing.action !== updated.action ||
    existing.complianceDeadline?.getTime() !== updated.complianceDeadline?.getTime();
  await queueSteps(ctx, meeting, updated, decision, { sentKeys, reschedule: moved, previous: existing });
  return existing.status === 'cancelled' || escalates ? 'scheduled' : 'updated';
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
  const ids = around.targets.map((m) => m.id);
  const decided = around.targets.map((meeting) => ({
    meeting,
    decision: decideMeeting(meeting, context, around, now),
  }));
  // The mails already out for these events (whatever meeting row they were sent for), by their keys.
  const candidates = decided.flatMap(({ meeting, decision }) =>
    ACTION_EMAIL_KINDS.map((kind) => emailKey(mailSubjectOf(meeting, decision.complianceDeadline), kind)),
  );
  const [existing, sent] = ids.length
    ? await Promise.all([
        ctx.db
          .select()
          .from(actions)
          .where(inValues(actions.meetingId, ids, 'uuid')),
        ctx.db
          .select({ key: emails.idempotencyKey })
          .from(emails)
          .where(inValues(emails.idempotencyKey, candidates)),
      ])
    : [[], []];
  const byMeeting = new Map(existing.map((a) => [a.meetingId, a]));
  const sentKeys = new Set(sent.map((s) => s.key));
  const complianceChanges: ComplianceChange[] = [];
  for (const { meeting, decision } of decided) {
    summary.decided++;
    const outcome = await applyDecision(ctx, meeting, decision, byMeeting.get(meeting.id), sentKeys);
    if (outcome) summary[outcome]++;
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
