import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { actions, meetings } from '../../db/schema';
import { actionsWithMeetings } from './action-rows';

/** The most actions one list answers with. */
const LIST_LIMIT = 500;

type Period = { from: Date; to: Date };

/**
 * A person's scheduled actions whose meeting is still ahead, by deadline (the meeting's start when it has
 * none) before `to`, and from `from` when the period was asked for: by default the ones queued past their
 * deadline are included.
 */
export function futureActions(
  db: Database,
  userId: string,
  now: Date,
  period: Period & { explicitFrom: boolean },
) {
  const deadline = sql`coalesce(${actions.complianceDeadline}, ${meetings.startsAt})`;
  return actionsWithMeetings(
    db,
    and(
      eq(actions.userId, userId),
      eq(actions.status, 'scheduled'),
      gt(meetings.startsAt, now),
      lt(deadline, period.to),
      period.explicitFrom ? gte(deadline, period.from) : undefined,
    ),
  )
    .orderBy(asc(actions.complianceDeadline), asc(meetings.startsAt))
    .limit(LIST_LIMIT);
}

/** A person's actions taken (done, failed, prevented, ignored) in the period, latest first. */
export function pastActions(db: Database, userId: string, period: Period) {
  const at = sql`coalesce(${actions.performedAt}, ${actions.updatedAt})`;
  return actionsWithMeetings(
    db,
    and(
      eq(actions.userId, userId),
      inArray(actions.status, ['done', 'failed', 'prevented', 'ignored']),
      gte(at, period.from),
      lte(at, period.to),
    ),
  )
    .orderBy(desc(at))
    .limit(LIST_LIMIT);
}
