import { formatNumber } from './number';

/**
 * What the last read of a calendar's source could not take as it was: events skipped (with the line and the
 * reason), unknown time zones, series capped. Stored on the calendar, served as its `import_report`, and
 * shown on the calendar's row of the Account screen.
 */
export interface ImportReportProblem {
  line?: number | undefined;
  uid?: string | undefined;
  message: string;
}

export interface ImportReport {
  /** When the source was read (ISO 8601). */
  read_at: string;
  /** Events (occurrences) of the sync window that were read. */
  events: number;
  /** The problems, at most IMPORT_REPORT_MAX_PROBLEMS of them. */
  problems: ImportReportProblem[];
  /** How many there were in all. */
  problems_total: number;
}

export const IMPORT_REPORT_MAX_PROBLEMS = 100;

export function buildImportReport(params: {
  readAt: Date;
  events: number;
  problems: readonly ImportReportProblem[];
}): ImportReport {
  return {
    read_at: params.readAt.toISOString(),
    events: params.events,
    problems: params.problems.slice(0, IMPORT_REPORT_MAX_PROBLEMS).map((p) => ({
      ...(p.line !== undefined ? { line: p.line } : {}),
      ...(p.uid !== undefined ? { uid: p.uid.slice(0, 200) } : {}),
      message: p.message.slice(0, 300),
    })),
    problems_total: params.problems.length,
  };
}

/** 'Read 50,120 events · 3 problems' for a calendar row. */
export function importReportSummary(report: ImportReport): string {
  const events = `Read ${formatNumber(report.events, 0)} ${report.events === 1 ? 'event' : 'events'}`;
  if (report.problems_total === 0) return events;
  return `${events} · ${formatNumber(report.problems_total, 0)} ${report.problems_total === 1 ? 'problem' : 'problems'}`;
}

/** '…and 4,900 more' below the problems a report lists, or null when it lists them all. */
export function importReportRest(report: ImportReport): string | null {
  const rest = report.problems_total - report.problems.length;
  return rest > 0 ? `…and ${formatNumber(rest, 0)} more` : null;
}

/** 'Line 12: Unreadable DTEND (uid abc)' */
export function importProblemText(problem: ImportReportProblem): string {
  const where = problem.line !== undefined ? `Line ${problem.line}: ` : '';
  return `${where}${problem.message}${problem.uid ? ` (${problem.uid})` : ''}`;
}
