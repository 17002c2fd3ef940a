import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** GET /outbox: the mail MeetWell wrote for the user (or, in demo mode, for the demo team), newest first. */
export const outboxEmailAttributes = z.object({
  /** What the mail is: decline_warning, reminder, weekly_report, … */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'outbox', 'failed']),
  meeting_id: z.string().nullable(),
  created_at: instantSchema,
  sent_at: instantSchema.nullable(),
});
export type OutboxEmailAttributes = z.infer<typeof outboxEmailAttributes>;
export const outboxDocument = documentSchema(
  z.array(resourceSchema('emails', outboxEmailAttributes)),
  /** Whether mail is really sent (SMTP configured) or only kept in the outbox. */
  z.object({ smtp: z.boolean() }),
);

/** GET /mail_previews/{kind}: the mail an organizer gets, rendered for an example meeting. */
export const mailPreviewAttributes = z.object({ subject: z.string(), html: z.string(), to: z.string() });
export type MailPreviewAttributes = z.infer<typeof mailPreviewAttributes>;
export const mailPreviewDocument = documentSchema(resourceSchema('mail_previews', mailPreviewAttributes));

/** POST /weekly_reports/requested: "Send me this week's report now" (how it went, and which week it covers). */
export const requestedReportAttributes = z.object({
  status: z.enum(['sent', 'outbox', 'duplicate', 'in_flight', 'opted_out', 'failed']),
  to: z.string(),
  week_start: z.string(),
  week_end: z.string(),
});
export type RequestedReportAttributes = z.infer<typeof requestedReportAttributes>;
export const requestedReportDocument = documentSchema(
  resourceSchema('requested_weekly_reports', requestedReportAttributes),
);

/** How many reports a person may send themselves in an hour. */
export const REQUESTED_REPORTS_PER_HOUR = 3;
