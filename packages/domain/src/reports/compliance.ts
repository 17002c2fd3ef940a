/** The compliant meetings report, and how its tile reads. */
import { formatNumber, formatPercent } from '../formats/number';
import { type ReportMeetingRow, ratio, reportableRows } from './rows';

export interface CompliantMeetingsReport {
  compliant: number;
  non_compliant: number;
  total: number;
  /** compliant / (compliant + non_compliant) × 100, 2 decimals. */
  percent: number;
}

export function reportCompliantMeetings(rows: readonly ReportMeetingRow[]): CompliantMeetingsReport {
  const prepared = reportableRows(rows);
  let compliant = 0;
  let nonCompliant = 0;
  for (const r of prepared) {
    if (r.row.compliant === true) compliant++;
    else if (r.row.compliant === false) nonCompliant++;
  }
  return compliantMeetingsFromSums({ compliant, nonCompliant, meetings: prepared.length });
}

export function compliantMeetingsFromSums(sums: {
  compliant: number;
  nonCompliant: number;
  meetings: number;
}): CompliantMeetingsReport {
  const known = sums.compliant + sums.nonCompliant;
  return {
    compliant: sums.compliant,
    non_compliant: sums.nonCompliant,
    total: sums.meetings,
    percent: known ? ratio(sums.compliant * 100, known) : 0,
  };
}

/**
 * The Compliant meetings tile's line: the counts behind the percentage, and how many meetings of the span
 * carry no compliance check (auto-balance checks only meetings it may act on: those others organize, from the
 * day it is on), so the counts always add up to the meetings the other tiles count.
 */
export function complianceCountsText(report: CompliantMeetingsReport): string {
  const unchecked = Math.max(0, report.total - report.compliant - report.non_compliant);
  const counts = `${formatNumber(report.compliant, 0)} compliant · ${formatNumber(report.non_compliant, 0)} not`;
  return unchecked ? `${counts} · ${formatNumber(unchecked, 0)} not checked` : counts;
}

/** What the Compliant meetings figure says when no meeting of the span was checked: a share of nothing. */
export const COMPLIANCE_NOT_APPLICABLE = 'not applicable';

/**
 * The Compliant meetings figure: the share of checked meetings that comply ("66.7%"), or "not applicable" when
 * none was checked ("0 compliant · 0 not · 14 not checked" is no evidence of 0 %).
 */
export function compliancePercentText(report: CompliantMeetingsReport, decimals = 1): string {
  return report.compliant + report.non_compliant > 0
    ? formatPercent(report.percent, decimals)
    : COMPLIANCE_NOT_APPLICABLE;
}
