/**
 * The engine's writes to the actions table for one run: new actions in bulk, cancellations in bulk, and the
 * state machine for a meeting that acts and has an action; each queues its steps (action-jobs.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type BulkColumn, bulkInsert, inValues } from '../../db/bulk';
import { actions } from '../../db/schema';
import { sameJson } from '../../lib/same-json';
import { type ActionRow, declineJob, emailJob, isDeclineAction, type Steps } from './action-jobs';
import type { EngineDecision } from './decide';
import type { MeetingRow } from './inputs';
import { type ActionEmailKind, declineJobKey, mailSubjectOf, preventTokenHash } from './keys';
import { isDue, type Notices } from './notices';

export type ReconcileSummary = { decided: number; scheduled: number; cancelled: number; updated: number };

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
export async function applyToExisting(
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

export type Decided = { meeting: MeetingRow; decision: EngineDecision };

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
export async function insertActions(
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
export async function cancelActions(
  ctx: AppContext,
  actionIds: readonly string[],
  steps: Steps,
): Promise<number> {
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
