import { type DailyReport, dailyReportDocument } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../session/queryKeys';

export type { DailyReport, DailyReportMeeting } from '@meetwell/domain';

async function fetchDailyReport(meetingId: string): Promise<DailyReport> {
  const doc = await api.get(`/meetings/${encodeURIComponent(meetingId)}/daily_report`, dailyReportDocument);
  return doc.data.attributes;
}

/** Under the meetings key, so a calendar refresh pushed over the socket reloads it too. */
export function useDailyReport(meetingId: string) {
  return useQuery({
    queryKey: [...queryKeys.meetings, 'daily_report', meetingId],
    queryFn: () => fetchDailyReport(meetingId),
    // The event's own text stands in when the day cannot be read.
    meta: { errorToast: false },
    retry: false,
  });
}
