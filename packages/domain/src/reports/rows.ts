/**
 * Report rows: plain objects the server can build from one SQL row each (and compute the same figures in
 * SQL). Every report first keeps the reportable rows (scored, not all day) and then one row per event.
 */
import { isAllDayMs } from '../conflicts/overlap';
import { type TimeInput, toMs } from '../lib/time';

/** One meeting of a report (a row of meetings joined with nothing else). */
export interface ReportMeetingRow {
  /** The event across users and calendars (meetings.event_key): team figures count each event once. */
  eventId: string;
  /** meetings.id: breaks the last ties when deduplicating (smallest first, uuid order). */
  meetingId?: string | null;
  /** The row's user organizes the event: that row is preferred when deduplicating. */
  isOrganizer?: boolean | null;
  /**
   * Team reports: the row's owner's place among the team's members (teamReportRows): when no member
   * organizes the event, the copy of the member ranked first stands for it, the same in every period.
   */
  memberRank?: number | null;
  startsAt: TimeInput;
  endsAt: TimeInput;
  allDay?: boolean | null;
  /** null: not scored (left out). */
  score: number | null;
  /** Organizer included. */
  attendeesCount: number;
  organizerEmail?: string | null;
  organizerName?: string | null;
  organizerProfileImage?: string | null;
  intention?: string | null;
  recurring?: boolean | null;
  /** The focus_block_conflict rule failed. */
  focusBlockConflict?: boolean | null;
  /** The last_minute_schedule rule failed. */
  scheduledLate?: boolean | null;
  /** Compliance with the action settings (null: unknown, counted in neither). */
  compliant?: boolean | null;
}

/** A past action (the actions table, status done). */
export interface ReportActionRow {
  id?: string | null;
  action: string;
  performedAt: TimeInput;
  organizerEmail?: string | null;
}

/** A reportable row with its instants resolved. */
export interface PreparedRow {
  row: ReportMeetingRow;
  start: number;
  end: number;
  /** Whole seconds. */
  durationSeconds: number;
  score: number;
}

/** Scored and not all day (flag or 6 hours or more). */
export function isReportable(row: ReportMeetingRow): boolean {
  if (typeof row.score !== 'number' || !Number.isFinite(row.score)) return false;
  const start = toMs(row.startsAt);
  const end = toMs(row.endsAt);
  return end > start && !isAllDayMs(row.allDay, start, end);
}

function preferred(a: ReportMeetingRow, b: ReportMeetingRow): boolean {
  const ao = !!a.isOrganizer;
  const bo = !!b.isOrganizer;
  if (ao !== bo) return ao;
  const ar = a.memberRank ?? Number.POSITIVE_INFINITY;
  const br = b.memberRank ?? Number.POSITIVE_INFINITY;
  if (ar !== br) return ar < br;
  const am = a.meetingId ?? '';
  const bm = b.meetingId ?? '';
  if (am && bm && am !== bm) return am < bm;
  return false;
}

/**
 * The reportable rows, one per eventId: the organizer's row if any, else the row of the lowest memberRank,
 * else the smallest meetingId, else the first.
 * SQL: DISTINCT ON (event_key) … ORDER BY event_key, is_organizer DESC, member rank, meeting_id.
 */
export function reportableRows(rows: readonly ReportMeetingRow[]): PreparedRow[] {
  const byEvent = new Map<string, ReportMeetingRow>();
  const order: string[] = [];
  for (const row of rows) {
    if (!row || !isReportable(row)) continue;
    const key = String(row.eventId);
    const current = byEvent.get(key);
    if (!current) {
      byEvent.set(key, row);
      order.push(key);
    } else if (preferred(row, current)) {
      byEvent.set(key, row);
    }
  }
  return order.map((key) => {
    const row = byEvent.get(key) as ReportMeetingRow;
    const start = toMs(row.startsAt);
    const end = toMs(row.endsAt);
    return { row, start, end, durationSeconds: Math.round((end - start) / 1000), score: row.score as number };
  });
}

/** round(numerator / denominator, decimals) computed on integers where possible, half away from zero. */
export function ratio(numerator: number, denominator: number, decimals = 2): number {
  if (!(denominator !== 0) || !Number.isFinite(numerator) || !Number.isFinite(denominator)) return 0;
  const factor = 10 ** decimals;
  const value = (numerator * factor) / denominator;
  return (value < 0 ? -Math.round(-value) : Math.round(value)) / factor;
}
