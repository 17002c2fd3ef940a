import {
  type BlockOccurrenceIndex,
  effectiveSettings,
  evaluateMeeting,
  meetingCost,
  type OtherMeetingInput,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, type meetings, userSettings, users, wellnessBlocks } from '../../db/schema';
import type { OtherMeetingRow } from './other-meetings';

/** What scoring a user's meetings needs of the user: the user row, their effective settings, Wellness blocks. */
export async function loadEvaluationInputs(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({ user: users, settings: userSettings, company: companies })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const settings = effectiveSettings({
    inTeam: Boolean(row.company),
    teamEvaluationSettings: row.company?.evaluationSettings,
    userEvaluationSettings: row.settings?.evaluationSettings,
    teamActionSettings: row.company?.actionSettings,
    userActionSettings: row.settings?.actionSettings,
  });
  const blocks = await db.select().from(wellnessBlocks).where(eq(wellnessBlocks.userId, userId));
  return { user: row.user, settings, blocks };
}

export type EvaluationInputs = NonNullable<Awaited<ReturnType<typeof loadEvaluationInputs>>>;

/** A stored (or about to be stored) meeting, as scoring reads it. */
export type ScoredRow = OtherMeetingRow &
  Pick<
    typeof meetings.$inferSelect,
    'location' | 'conferenceUrl' | 'invitedAt' | 'intention' | 'eventReportCardId' | 'durationSeconds'
  >;

/** The statuses of a meeting's items (the preparation rules count the open ones). */
export type ItemStatuses = {
  agendaItems: { status: string }[];
  objectives: { status: string }[];
  preworkItems: { status: string }[];
};

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
  const evaluation = evaluateMeeting(
    {
      id: m.id,
      eventKey: m.eventKey,
      summary: m.summary,
      // The description was searched for a video link when the event was stored (conferenceUrl).
      description: null,
      location: m.location,
      conferenceUrl: m.conferenceUrl,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      allDay: m.allDay,
      status: m.status,
      attendeesCount: m.attendeesCount,
      organizerEmail: m.organizerEmail,
      invitedAt: m.invitedAt,
      intention: m.intention,
      skipEvaluation: m.skipEvaluation,
      maybeWellnessBlock: m.maybeWellnessBlock,
      wellnessBlockId: m.wellnessBlockId,
      eventReportCardId: m.eventReportCardId,
      ...items,
    },
    { settings: inputs.settings.evaluation, blockOccurrences: occurrences, otherMeetings: neighbours },
  );
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
