/**
 * One meeting of a period as a CSV record: what it was, what it cost and how it scored, rule by rule. The
 * cost and the duration are computed as the reports compute them (meetingCost over whole seconds), so the
 * column sums equal the report's totals for the same period.
 */
import { EVALUATED_RULE_KEYS } from '../constants/rules';
import { meetingCost } from '../cost/cost';
import { letterGrade } from '../evaluation/grades';
import type { RuleResult } from '../evaluation/types';
import { type TimeInput, toMs } from '../lib/time';
import { isValidTimeZone, utcToWall } from '../lib/tz';
import type { CsvValue } from './csv';

export interface MeetingExportInput {
  title: string | null;
  startsAt: TimeInput;
  endsAt: TimeInput;
  organizerEmail: string | null;
  organizerName?: string | null;
  attendeesCount: number;
  score: number | null;
  /** The stored evaluation's results: a rule that passed (score 100) or failed (0); others were undecided. */
  results?: Partial<Record<string, Pick<RuleResult, 'score'>>> | null;
}

export const MEETING_EXPORT_COLUMNS: readonly string[] = [
  'Title',
  'Start',
  'End',
  'Time zone',
  'Organizer',
  'Organizer email',
  'Attendees',
  'Duration (minutes)',
  'Cost ($)',
  'Score',
  'Grade',
  ...EVALUATED_RULE_KEYS,
];

/** 'YYYY-MM-DD HH:mm' on the wall clock of the zone. */
export function wallClockText(value: TimeInput, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return new Date(utcToWall(zone, toMs(value))).toISOString().slice(0, 16).replace('T', ' ');
}

/** A rule's result in the export: pass, fail, or empty when it was not decided (maybe, or not applicable). */
export function ruleResultText(result: Pick<RuleResult, 'score'> | undefined): string {
  if (!result) return '';
  return result.score >= 100 ? 'pass' : 'fail';
}

/** The meeting's record, in MEETING_EXPORT_COLUMNS order. */
export function meetingExportRecord(
  meeting: MeetingExportInput,
  options: { timeZone: string; annualSalary: number },
): CsvValue[] {
  const durationSeconds = Math.round((toMs(meeting.endsAt) - toMs(meeting.startsAt)) / 1000);
  const results = meeting.results ?? {};
  return [
    meeting.title ?? '',
    wallClockText(meeting.startsAt, options.timeZone),
    wallClockText(meeting.endsAt, options.timeZone),
    isValidTimeZone(options.timeZone) ? options.timeZone : 'UTC',
    meeting.organizerName || meeting.organizerEmail || '',
    meeting.organizerEmail ?? '',
    meeting.attendeesCount,
    Math.round((durationSeconds / 60) * 100) / 100,
    meetingCost({
      durationSeconds,
      attendeesCount: meeting.attendeesCount,
      annualSalary: options.annualSalary,
    }),
    meeting.score,
    meeting.score === null ? '' : letterGrade(meeting.score),
    ...EVALUATED_RULE_KEYS.map((key) => ruleResultText(results[key])),
  ];
}
