import { z } from 'zod';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';
import { letterGradeSchema, qualityLabelSchema } from './meetings';

/** GET /meetings/:id/daily_report: the day a daily report event stands for, as it is now. */
export const dailyReportAttributes = z.object({
  /** The local date (YYYY-MM-DD) of the day. */
  date: z.string(),
  time_zone: z.string(),
  /** The day's average score; null once the day holds no scored meeting. */
  score: z.number().nullable(),
  letter_grade: letterGradeSchema.nullable(),
  quality_label: qualityLabelSchema.nullable(),
  meetings_count: z.number(),
  /** The day's scored meetings, in the order they started. */
  meetings: z.array(
    z.object({
      id: z.string(),
      summary: z.string(),
      starts_at: instantSchema,
      score: z.number(),
      letter_grade: letterGradeSchema,
    }),
  ),
});
export type DailyReport = z.infer<typeof dailyReportAttributes>;
export type DailyReportMeeting = DailyReport['meetings'][number];

export const dailyReportDocument = documentSchema(resourceSchema('daily_reports', dailyReportAttributes));

export const dailyReportEndpoints = {
  /** What the Plan's meeting modal shows for a daily report event (a meeting with event_report_card_id). */
  show: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/:id/daily_report',
    summary: "The day's report behind a daily report event",
    tags: ['meetings'],
    access: 'owner',
    params: z.object({ id: z.uuid({ error: 'must be a meeting id' }) }),
    response: { 200: dailyReportDocument },
    errors: ['not_found', 'conflict'],
  }),
};
