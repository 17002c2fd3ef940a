/** An action's jobs (its mails and its decline) and the guarded close of a scheduled action. */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actions } from '../../db/schema';
import type { JobRequest } from '../../jobs/job-queue';
import { type ActionEmailKind, declineJobKey, emailJobKey, isSeriesWide, type MailSubject } from './keys';

export type ActionRow = typeof actions.$inferSelect;

export const isDeclineAction = (action: string) => action === 'decline' || action === 'decline_conflicts';

/** A series' reminder waits a few seconds, so that the engine run that decided it has every occurrence's action. */
const SERIES_REMINDER_DELAY_MS = 5_000;

/**
 * The job that sends one auto-balance mail of an action. Of a recurring event's series-wide kinds it is one job
 * per series (keyed so), waiting a few seconds so that the engine run has queued every occurrence's action.
 */
export function emailJob(
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
export function declineJob(action: ActionRow, at: Date | null): JobRequest {
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
export type Steps = { enqueue: JobRequest[]; cancel: string[] };

/** More mails than this from one engine run (a first import of a big calendar) go out in the bulk lane. */
const BULK_MAILS = 50;
/**
 * Mail jobs run after every other kind (priority 1, see autobalance.jobs.ts). A run that queues more than
 * BULK_MAILS of them sends them after everyone else's mail too (priority 10): one person's thousands of
 * first-import reminders never hold up another person's sync, decisions or reminder.
 */
export function inMailLane(requests: JobRequest[]): JobRequest[] {
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
