/**
 * The Review report as tables, for its exports: the PDF prints each cell as the screen shows it
 * (exportCellText), the CSV writes the same figure as a plain number rounded as the screen rounds it
 * (exportCellValue). Both read the report API's rows, so the screen, the PDF and the CSV agree.
 */
import type { LetterGrade } from '../evaluation/grades';
import { formatCurrency, formatNumber, formatPercent } from '../formats/number';
import type {
  ActionsPerDay,
  AverageAttendeesReport,
  AveragesReport,
  CompliantMeetingsReport,
  CountReport,
  DurationAndCostDetailsReport,
  DurationAndCostsReport,
  LeaderboardRow,
  OrganizerDayAverage,
  OvertimeReport,
} from '../reports/index';
import { complianceCountsText } from '../reports/index';
import type { CsvValue } from './csv';

/** How a figure reads: its decimals and unit on screen. */
export type ExportFormat =
  | 'text'
  | 'count'
  | 'score'
  | 'hours'
  | 'hours1'
  | 'currency'
  | 'percent'
  | 'decimal1';

export interface ExportCell {
  value: string | number | null;
  format: ExportFormat;
}

export interface ExportTable {
  id: 'summary' | 'leaderboard' | 'organizers' | 'intentions' | 'kinds';
  title: string;
  columns: string[];
  /** Which columns hold figures (right-aligned in the PDF). */
  numeric: boolean[];
  rows: ExportCell[][];
}

/** One report kind as the API answers it: this span's rows, and the previous span's for trend kinds. */
interface Span<T> {
  rows: T;
  previous?: T | null;
}

/** The report responses the Review page shows (the team's user_counts is not needed). */
export interface ReviewExportInput {
  averages: Span<AveragesReport>;
  costs: Span<DurationAndCostsReport>;
  details: Span<DurationAndCostDetailsReport>;
  overtime: Span<OvertimeReport>;
  attendees: Span<AverageAttendeesReport>;
  focus: Span<CountReport>;
  late: Span<CountReport>;
  compliant: Span<CompliantMeetingsReport>;
  scores: { rows: OrganizerDayAverage[]; leaderboard?: LeaderboardRow[] | null };
  nudges: { rows: ActionsPerDay[]; total: number };
}

const DECIMALS: Record<Exclude<ExportFormat, 'text'>, number> = {
  count: 0,
  score: 0,
  hours: 2,
  hours1: 1,
  currency: 0,
  percent: 1,
  decimal1: 1,
};

const NONE = '–';

/** The cell as the screen shows it: '1,234', '12.5 h', '$1,235', '12.5%'; a missing figure is '–'. */
export function exportCellText(cell: ExportCell): string {
  const { value, format } = cell;
  if (value === null) return NONE;
  if (typeof value === 'string' || format === 'text') return String(value);
  // Formatted from the rounded figure, so the text and the CSV's number are one figure.
  const shown = Number(formatNumber(value, DECIMALS[format]).replace(/,/g, ''));
  switch (format) {
    case 'hours':
      return `${formatNumber(shown, shown % 1 ? 2 : 0)} h`;
    case 'hours1':
      return `${formatNumber(shown, shown % 1 ? 1 : 0)} h`;
    case 'currency':
      return formatCurrency(shown);
    case 'percent':
      return formatPercent(shown, DECIMALS.percent);
    default:
      return formatNumber(shown, DECIMALS[format]);
  }
}

/** The cell in a CSV: the same figure as a plain number (no unit, no separators), text as is, empty if missing. */
export function exportCellValue(cell: ExportCell): CsvValue {
  const { value, format } = cell;
  if (value === null) return null;
  if (typeof value === 'string' || format === 'text') return String(value);
  // Rounded exactly as the screen rounds it (formatNumber rounds half away from zero).
  return Number(formatNumber(value, DECIMALS[format]).replace(/,/g, ''));
}

const text = (value: string | null): ExportCell => ({ value, format: 'text' });
const cell = (value: number | null, format: ExportFormat): ExportCell => ({ value, format });

/** The figures of the report card, Wellness and MISC panels, each with the previous span's where there is one. */
function summaryTable(input: ReviewExportInput): ExportTable {
  const a = input.averages.rows;
  const pa = input.averages.previous ?? null;
  const c = input.costs.rows;
  const pc = input.costs.previous ?? null;
  const o = input.overtime.rows;
  const po = input.overtime.previous ?? null;
  const compliant = input.compliant.rows;
  const checked = compliant.compliant + compliant.non_compliant > 0;
  const perMember = c.members ? ` (per member of ${formatNumber(c.members, 0)})` : '';
  const rows: [string, ExportCell, ExportCell][] = [
    ['Average score', cell(a.average, 'score'), cell(pa?.average ?? null, 'score')],
    [
      'Grade',
      text(a.letter_grade ? `${a.letter_grade as LetterGrade} (${a.quality_label} quality)` : null),
      text(pa?.letter_grade ? `${pa.letter_grade} (${pa.quality_label} quality)` : null),
    ],
    ['Meetings', cell(a.total, 'count'), cell(pa?.total ?? null, 'count')],
    ['Good meetings (80 and up)', cell(a.good, 'count'), cell(pa?.good ?? null, 'count')],
    ['Meetings to improve', cell(a.bad, 'count'), cell(pa?.bad ?? null, 'count')],
    [
      `Time in meetings${perMember} (hours)`,
      cell(c.work_hours_spent.spent_hours, 'hours1'),
      cell(pc?.work_hours_spent.spent_hours ?? null, 'hours1'),
    ],
    [
      `Share of ${formatNumber(c.work_hours, 0)} work hours (%)`,
      cell(c.work_hours_spent.percent_of_time, 'percent'),
      cell(pc?.work_hours_spent.percent_of_time ?? null, 'percent'),
    ],
    [
      'Meeting cost ($)',
      cell(c.meeting_cost_total, 'currency'),
      cell(pc?.meeting_cost_total ?? null, 'currency'),
    ],
    [
      'Cost per meeting ($)',
      cell(c.ave_cost_per_meeting, 'currency'),
      cell(pc?.ave_cost_per_meeting ?? null, 'currency'),
    ],
    ['Annual salary ($)', cell(c.annual_salary, 'currency'), cell(null, 'currency')],
    [
      'Focus block conflicts',
      cell(input.focus.rows.total, 'count'),
      cell(input.focus.previous?.total ?? null, 'count'),
    ],
    [
      'Scheduled last minute',
      cell(input.late.rows.total, 'count'),
      cell(input.late.previous?.total ?? null, 'count'),
    ],
    [
      'Average attendees',
      cell(input.attendees.rows.average, 'decimal1'),
      cell(input.attendees.previous?.average ?? null, 'decimal1'),
    ],
    [
      'Outside work hours (hours)',
      cell(o.overtime_hours, 'hours'),
      cell(po?.overtime_hours ?? null, 'hours'),
    ],
    ['Meetings outside work hours', cell(o.total, 'count'), cell(po?.total ?? null, 'count')],
    [
      'Compliant meetings (%)',
      checked ? cell(compliant.percent, 'percent') : text('not applicable'),
      cell(null, 'percent'),
    ],
    ['Compliance checks', text(complianceCountsText(compliant)), text(null)],
    ['Nudges sent', cell(input.nudges.total, 'count'), cell(null, 'count')],
  ];
  return {
    id: 'summary',
    title: 'Report card',
    columns: ['Figure', 'This period', 'Previous period'],
    numeric: [false, true, true],
    rows: rows.map(([label, current, previous]) => [text(label), current, previous]),
  };
}

function leaderboardTable(input: ReviewExportInput): ExportTable {
  return {
    id: 'leaderboard',
    title: 'Leaderboard',
    columns: ['Organizer', 'Email', 'Average score', 'Meetings', 'Nudges'],
    numeric: [false, false, true, true, true],
    rows: (input.scores.leaderboard ?? []).map((row) => [
      text(row.name || row.organizer_email),
      text(row.organizer_email),
      cell(row.average, 'score'),
      cell(row.count, 'count'),
      cell(row.nudges, 'count'),
    ]),
  };
}

function organizersTable(details: DurationAndCostDetailsReport): ExportTable {
  return {
    id: 'organizers',
    title: 'All organizers',
    columns: [
      'Organizer',
      'Email',
      'Meetings',
      'Good (hours)',
      'To improve (hours)',
      'Total (hours)',
      'Cost ($)',
      'Share (%)',
      'Nudges',
    ],
    numeric: [false, false, true, true, true, true, true, true, true],
    rows: details.organizers.map((o) => [
      text(o.name || o.email || 'Unknown'),
      text(o.email),
      cell(o.count, 'count'),
      cell(o.good_hours, 'hours'),
      cell(o.bad_hours, 'hours'),
      cell(o.total_hours, 'hours'),
      cell(o.cost, 'currency'),
      cell(o.percent, 'percent'),
      cell(o.past_actions, 'count'),
    ]),
  };
}

function breakdownTable(
  id: 'intentions' | 'kinds',
  title: string,
  label: string,
  rows: { name: string; count: number; hours: number; cost: number; percent: number }[],
): ExportTable {
  return {
    id,
    title,
    columns: [label, 'Meetings', 'Hours', 'Cost ($)', 'Share (%)'],
    numeric: [false, true, true, true, true],
    rows: rows.map((row) => [
      text(row.name),
      cell(row.count, 'count'),
      cell(row.hours, 'hours'),
      cell(row.cost, 'currency'),
      cell(row.percent, 'percent'),
    ]),
  };
}

/** Every table of the Review report, in the page's order. */
export function reviewExportTables(input: ReviewExportInput): ExportTable[] {
  const details = input.details.rows;
  return [
    summaryTable(input),
    leaderboardTable(input),
    breakdownTable(
      'intentions',
      'Intentions',
      'Intention',
      details.intentions.map((i) => ({ ...i, name: i.label })),
    ),
    breakdownTable(
      'kinds',
      'Recurring & all-day',
      'Kind',
      details.categories.map((c) => ({ ...c, name: c.category === 'recurring' ? 'Recurring' : 'One-off' })),
    ),
    organizersTable(details),
  ];
}

/**
 * The tables as CSV records: a heading record with the report's title, then each table's title, its header
 * and its rows, a blank record between tables (toCsv pads every record to the same width).
 */
export function exportTablesToRecords(
  heading: readonly string[],
  tables: readonly ExportTable[],
): CsvValue[][] {
  const records: CsvValue[][] = [[...heading]];
  for (const table of tables) {
    records.push([], [table.title], table.columns);
    for (const row of table.rows) records.push(row.map(exportCellValue));
  }
  return records;
}
