import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { showErrorToast } from '../../api/errorToast';
import { type ReportParams, useReport } from './api';
import { rangeDates } from './reviewState';

/** Every report the Review page shows, for one view, range and invite status (user counts for the team view). */
export function useReviewReports(params: ReportParams) {
  return {
    userCounts: useReport('user_counts', params, { enabled: params.view === 'team' }),
    averages: useReport('averages', params),
    costs: useReport('duration_and_costs', params),
    details: useReport('duration_and_cost_details', params),
    overtime: useReport('overtime', params),
    attendees: useReport('average_attendees', params),
    focus: useReport('focus_block_conflict', params),
    late: useReport('scheduled_late', params),
    compliant: useReport('compliant_meetings', params),
    scores: useReport('average_scores_by', params, { retry: 2, retryDelay: 1000 }),
    nudges: useReport('num_past_actions_by', params),
  };
}

export type ReviewReports = ReturnType<typeof useReviewReports>;

/** The reports the page's figures come from (user counts aside): the PDF holds them all. */
export function reportList(r: ReviewReports) {
  return [
    r.averages,
    r.costs,
    r.details,
    r.overtime,
    r.attendees,
    r.focus,
    r.late,
    r.compliant,
    r.scores,
    r.nudges,
  ];
}

/**
 * The Review report as a PDF: the same report responses as on screen (any still loading are awaited), with
 * the report's line as its subtitle; a toast says it was downloaded, or what went wrong.
 */
export function useReviewPdfExport(
  r: ReviewReports,
  { subtitle, range }: { subtitle: string; range: { start: string; end: string } },
) {
  const [exporting, setExporting] = useState(false);
  const exportPdf = async () => {
    setExporting(true);
    try {
      const loaded = async <T>(query: { data: T | undefined; refetch: () => Promise<{ data?: T }> }) => {
        const data = query.data ?? (await query.refetch()).data;
        if (data === undefined) throw new Error('The report has not loaded yet. Please try again.');
        return data;
      };
      const [a, c, d, o, at, f, l, cm, sc, n] = await Promise.all([
        loaded(r.averages),
        loaded(r.costs),
        loaded(r.details),
        loaded(r.overtime),
        loaded(r.attendees),
        loaded(r.focus),
        loaded(r.late),
        loaded(r.compliant),
        loaded(r.scores),
        loaded(r.nudges),
      ]);
      const { exportReportPdf } = await import('./exportPdf');
      const dates = rangeDates(range);
      await exportReportPdf(
        {
          subtitle,
          range,
          reports: {
            averages: a,
            costs: c,
            details: d,
            overtime: o,
            attendees: at,
            focus: f,
            late: l,
            compliant: cm,
            scores: { rows: sc.rows, leaderboard: sc.leaderboard ?? [] },
            nudges: { rows: n.rows, total: n.total },
          },
        },
        { title: `MeetWell review: ${dates}`, fileName: `MeetWell review ${dates}.pdf` },
      );
      notifications.show({ color: 'success', message: 'Download successful!' });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportPdf };
}
