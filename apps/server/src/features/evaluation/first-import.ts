import { expandWellnessBlockOccurrences, indexBlockOccurrences } from '@meetwell/domain';
import type { Database } from '../../db/client';
import { mapInTurns } from '../../lib/next-turn';
import { loadOtherMeetingRows, toOtherMeeting } from './other-meetings';
import { loadEvaluationInputs, type ScoredRow, scoreMeeting } from './score-meeting';
import { mergeSpans, type TouchedSpan } from './spans';

/** A meeting a first import is about to insert (its row, with its new id), and how many items its description gave. */
export type NewMeeting = {
  row: ScoredRow;
  itemCounts: { agenda: number; objectives: number; prework: number };
};

/** What is stored with a new meeting scored before its insert (as a re-evaluation would write it). */
export type Prescored = {
  id: string;
  score: number | null;
  qualityLabel: string | null;
  evaluation: unknown;
  cost: number;
};

/** A first import's scoring: the user's other meetings to re-evaluate after, and the score of each new one. */
export type FirstImportScoring = {
  /** The user's other meetings around the new ones: their neighbours changed, so they are re-evaluated after. */
  others: TouchedSpan[];
  /** Scores the i-th new meeting (called batch by batch, between the inserts). */
  score: (index: number) => Prescored;
};

const ACTIVE = { status: 'active' } as const;

/**
 * Scores the meetings of a first import (a calendar that held none) before they are inserted, exactly as a
 * re-evaluation would after: their neighbours are the imported meetings and the user's other meetings around
 * them. Inserting them scored saves writing every row twice on an import of tens of thousands of events.
 */
export async function scoreFirstImport(
  tx: Pick<Database, 'select'>,
  userId: string,
  newMeetings: readonly NewMeeting[],
): Promise<FirstImportScoring | null> {
  if (newMeetings.length === 0) return null;
  const inputs = await loadEvaluationInputs(tx, userId);
  if (!inputs) return null;
  const spans = mergeSpans(newMeetings.map(({ row }) => ({ from: row.startsAt, to: row.endsAt })));
  const others = await loadOtherMeetingRows(tx, userId, spans);
  const neighbours = await mapInTurns(newMeetings, (m) => toOtherMeeting(m.row, inputs.user.email));
  for (const other of others) neighbours.push(toOtherMeeting(other, inputs.user.email));
  const occurrences = indexBlockOccurrences(
    expandWellnessBlockOccurrences(inputs.blocks, {
      from: new Date(spans[0]!.from),
      to: new Date(spans.at(-1)!.to),
      timeZone: inputs.user.timeZone,
    }),
  );
  const score = (index: number): Prescored => {
    const { row, itemCounts: counts } = newMeetings[index]!;
    const { evaluation, stored, cost } = scoreMeeting(
      inputs,
      row,
      {
        agendaItems: Array.from({ length: counts.agenda }, () => ACTIVE),
        objectives: Array.from({ length: counts.objectives }, () => ACTIVE),
        preworkItems: Array.from({ length: counts.prework }, () => ACTIVE),
      },
      occurrences,
      neighbours,
    );
    return {
      id: row.id,
      score: evaluation.score,
      qualityLabel: evaluation.quality_label,
      evaluation: stored,
      cost,
    };
  };
  return { others: others.map((m) => ({ from: m.startsAt, to: m.endsAt })), score };
}
