import { type DailyReport, dailyReportEndpoints } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { queryKeys } from '../../session/queryKeys';

export type { DailyReport, DailyReportMeeting } from '@meetwell/domain';

async function fetchDailyReport(meetingId: string): Promise<DailyReport> {
  const doc = await call(dailyReportEndpoints.show, { params: { id: meetingId } });
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
