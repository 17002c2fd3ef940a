/**
 * The changes that would lift a period's average score most: each kind of change (suggestImprovements), made on
 * every meeting of the period where it raises the score, and what the average would then be.
 */
import {
  type MeetingSuggestion,
  SUGGESTION_KIND_LABELS,
  SUGGESTION_KINDS,
  type SuggestionKind,
} from './suggestions';

/** One scored meeting of the period: its score and every change that raises it (suggestImprovements, no limit). */
export interface PeriodMeetingSuggestions {
  score: number;
  suggestions: readonly Pick<MeetingSuggestion, 'kind' | 'rule' | 'gain'>[];
}

export interface PeriodImprovement {
  kind: SuggestionKind;
  /** 'Add an agenda' */
  label: string;
  /** Meetings the change raises. */
  meetings: number;
  /** The period's average now and with the change made on those meetings, one decimal. */
  average_now: number;
  average_after: number;
  /** average_after − average_now, one decimal (computed unrounded, then rounded). */
  lift: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The kinds of change that lift the average most (largest lift first, equal lifts in SUGGESTION_KINDS order),
 * at most `limit`. The average is over every meeting given, as the reports' average score. When the meetings
 * given are an even sample of the period's (`periodMeetings` of them in all), the averages are the sample's
 * and each kind's count of meetings is scaled to the period (rounded, at most `periodMeetings`).
 */
export function periodImprovements(
  meetings: readonly PeriodMeetingSuggestions[],
  limit = 3,
  periodMeetings = meetings.length,
): PeriodImprovement[] {
  const n = meetings.length;
  if (n === 0 || !(limit > 0)) return [];
  let scoreSum = 0;
  const gains = new Map<SuggestionKind, { gain: number; meetings: number }>();
  for (const m of meetings) {
    scoreSum += m.score;
    const seen = new Set<SuggestionKind>();
    for (const s of m.suggestions) {
      if (!(s.gain > 0) || seen.has(s.kind)) continue;
      seen.add(s.kind);
      const entry = gains.get(s.kind) ?? { gain: 0, meetings: 0 };
      entry.gain += s.gain;
      entry.meetings += 1;
      gains.set(s.kind, entry);
    }
  }
  const now = scoreSum / n;
  const perMeeting = Math.max(1, periodMeetings / n);
  const scaled = (count: number) => Math.min(Math.round(count * perMeeting), Math.max(periodMeetings, n));
  const list: PeriodImprovement[] = [];
  for (const kind of SUGGESTION_KINDS) {
    const entry = gains.get(kind);
    if (!entry) continue;
    list.push({
      kind,
      label: SUGGESTION_KIND_LABELS[kind],
      meetings: scaled(entry.meetings),
      average_now: round1(now),
      average_after: round1(now + entry.gain / n),
      lift: round1(entry.gain / n),
    });
  }
  const exact = new Map(list.map((item) => [item.kind, gains.get(item.kind)!.gain]));
  list.sort((a, b) => exact.get(b.kind)! - exact.get(a.kind)!);
  return list.slice(0, limit);
}
export * from './contract';
