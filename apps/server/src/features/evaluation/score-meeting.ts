import {
  type BlockOccurrenceIndex,
  effectiveSettings,
  evaluateMeeting,
  meetingCost,
  type OtherMeetingInput,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { inValues } from '../../db/bulk';
import type { Database } from '../../db/client';
import { companies, type meetings, userSettings, users, wellnessBlocks } from '../../db/schema';
import { type ItemStatuses, type MeetingInputRow, toMeetingInput } from './meeting-input';

/** What scoring a user's meetings needs of the user: the user row, their effective settings, Wellness blocks. */
export async function loadEvaluationInputs(db: Pick<Database, 'select'>, userId: string) {
  return (await loadEvaluationInputsOf(db, [userId])).get(userId) ?? null;
}

/** loadEvaluationInputs of many users in two queries (a team's period), by user id; a missing user is left out. */
export async function loadEvaluationInputsOf(db: Pick<Database, 'select'>, userIds: readonly string[]) {
  const out = new Map<
    string,
    { user: UserRow; settings: ReturnType<typeof effectiveSettings>; blocks: BlockRow[] }
  >();
  if (userIds.length === 0) return out;
  const byId = (column: AnyPgColumn) =>
    userIds.length === 1 ? eq(column, userIds[0]!) : inValues(column, userIds, 'uuid');
  // One after the other: `db` may be a transaction, one connection.
  const rows = await db
    .select({ user: users, settings: userSettings, company: companies })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(byId(users.id));
  const blocks = rows.length ? await db.select().from(wellnessBlocks).where(byId(wellnessBlocks.userId)) : [];
  for (const row of rows) {
    const settings = effectiveSettings({
      inTeam: Boolean(row.company),
      teamEvaluationSettings: row.company?.evaluationSettings,
      userEvaluationSettings: row.settings?.evaluationSettings,
      teamActionSettings: row.company?.actionSettings,
      userActionSettings: row.settings?.actionSettings,
    });
    out.set(row.user.id, { user: row.user, settings, blocks: [] });
  }
  for (const block of blocks) out.get(block.userId)?.blocks.push(block);
  return out;
}

type UserRow = typeof users.$inferSelect;
type BlockRow = typeof wellnessBlocks.$inferSelect;

export type EvaluationInputs = NonNullable<Awaited<ReturnType<typeof loadEvaluationInputs>>>;

/** A stored (or about to be stored) meeting, as scoring reads it. */
export type ScoredRow = MeetingInputRow & Pick<typeof meetings.$inferSelect, 'durationSeconds'>;

/**
 * Evaluates one meeting and prices it: what is stored in score, quality_label, evaluation and cost.
 * `neighbours` are the user's other meetings around it (toOtherMeeting), for the conflict rule.
 */
export function scoreMeeting(
  inputs: EvaluationInputs,
  m: ScoredRow,
  items: ItemStatuses,
  occurrences: BlockOccurrenceIndex,
  neighbours: OtherMeetingInput[],
) {
  const evaluation = evaluateMeeting(toMeetingInput(m, items), {
    settings: inputs.settings.evaluation,
    blockOccurrences: occurrences,
    otherMeetings: neighbours,
  });
  const cost = meetingCost({
    durationSeconds: m.durationSeconds,
    attendeesCount: m.attendeesCount,
    annualSalary: inputs.user.annualSalary,
  });
  const stored = {
    results: evaluation.results,
    details_positive: evaluation.details_positive,
    details_negative: evaluation.details_negative,
    details_maybe: evaluation.details_maybe,
    not_scored_reason: evaluation.not_scored_reason,
    letter_grade: evaluation.letter_grade,
    violations: evaluation.violations,
  };
  return { evaluation, stored, cost };
}
