import { z } from 'zod';
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
