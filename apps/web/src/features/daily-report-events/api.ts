import { useQuery } from '@tanstack/react-query';
import { api, type JsonApiResource } from '../../api/client';
import { queryKeys } from '../../session/queryKeys';

/** A scored meeting of the report's day. */
export interface DailyReportMeeting {
  id: string;
  summary: string;
  starts_at: string;
  score: number;
  letter_grade: string;
}

/** GET /meetings/:id/daily_report: the day a daily report event stands for, as it is now. */
export interface DailyReport {
  /** The local date (YYYY-MM-DD) of the day. */
  date: string;
  time_zone: string;
  /** The day's average score; null once the day holds no scored meeting. */
  score: number | null;
  letter_grade: string | null;
  quality_label: string | null;
  meetings_count: number;
  /** In the order they started. */
  meetings: DailyReportMeeting[];
}

export async function fetchDailyReport(meetingId: string): Promise<DailyReport> {
  const doc = await api.get<JsonApiResource<DailyReport>>(
    `/meetings/${encodeURIComponent(meetingId)}/daily_report`,
  );
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
