import { z } from 'zod';
import { endpoint } from './endpoint';
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

/** The mails an organizer gets, previewed for an example meeting of the person's (Balance). */
export const MAIL_PREVIEW_KINDS = ['reminder', 'decline_warning'] as const;
/** The mails the person gets themselves, previewed with their own figures (Account → E-mails). */
export const OWN_MAIL_PREVIEW_KINDS = ['weekly_report', 'tip'] as const;
export type MailPreviewKind = (typeof MAIL_PREVIEW_KINDS)[number] | (typeof OWN_MAIL_PREVIEW_KINDS)[number];

/** GET /mail_previews/{kind}: the mail an organizer gets, rendered for an example meeting (or the person's own). */
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

/** The mail MeetWell writes: what it sent, and previews of what it would send. */
export const mailEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/v1/outbox',
    summary: 'The mail MeetWell wrote for the signed-in user (or, in demo mode, for the demo team)',
    tags: ['mail'],
    access: 'signed_in',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: { 200: outboxDocument },
    errors: [],
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/v1/mail_previews/:kind',
    summary:
      "A mail as it would arrive: an organizer's (reminder or decline_warning) for an example meeting of the signed-in person, or the person's own weekly_report (this week so far, or last week) or next tip",
    tags: ['mail'],
    access: 'signed_in',
    params: z.object({
      kind: z.enum([...MAIL_PREVIEW_KINDS, ...OWN_MAIL_PREVIEW_KINDS], {
        error: 'must be reminder, decline_warning, weekly_report or tip',
      }),
    }),
    response: { 200: mailPreviewDocument },
    errors: ['conflict'],
  }),
  requestReport: endpoint({
    method: 'POST',
    path: '/api/v1/weekly_reports/requested',
    summary: `"Send me this week's report now": mails the signed-in person this week's report (or last week's while this one has no scored meeting) at once; ${REQUESTED_REPORTS_PER_HOUR} an hour`,
    tags: ['mail'],
    access: 'signed_in',
    response: { 201: requestedReportDocument },
    errors: ['conflict'],
  }),
};
