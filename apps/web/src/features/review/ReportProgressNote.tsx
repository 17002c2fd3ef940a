import { Alert, Loader } from '@mantine/core';
import type { ReportMeta } from './api';

/** How often a report whose days are still being built is read again (api.ts: useReport). */
export const PARTIAL_REPORT_REFETCH_MS = 2_000;

/**
 * Said while the server is still building some days of the reports shown (meta.partial): the figures cover
 * the days that are ready, and they are read again until every day is. The least advanced report speaks.
 */
export function ReportProgressNote({
  reports,
}: {
  reports: readonly { data?: { meta: ReportMeta } | undefined }[];
}) {
  const partial = reports
    .map((report) => report.data?.meta.partial)
    .filter((progress) => progress !== undefined)
    .sort((a, b) => a.percent - b.percent)[0];
  if (!partial) return null;
  return (
    <Alert
      color="brand"
      variant="light"
      mb="md"
      icon={<Loader size={16} />}
      data-testid="report-progress"
      title="Still adding up this period"
    >
      {partial.ready_days === 0
        ? `The figures of these ${partial.total_days} days appear here by themselves in a moment.`
        : `These figures cover ${partial.ready_days} of ${partial.total_days} days (${partial.percent}%). They update by themselves as the rest is ready.`}
    </Alert>
  );
}
