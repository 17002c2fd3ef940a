import { z } from 'zod';
import { CONNECTION_PROBLEMS } from '../calendars/connection-health';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/**
 * The calendars resource (GET /calendars, PATCH /calendars/:id; POST /calendars/ics answers 201 with the
 * calendar added, POST /calendars/caldav with the account's calendars).
 */

const importReportSchema = z.object({
  read_at: instantSchema,
  events: z.number(),
  problems: z.array(
    z.object({ line: z.number().optional(), uid: z.string().optional(), message: z.string() }),
  ),
  problems_total: z.number(),
});

export const calendarAttributes = z.object({
  uuid: z.string(),
  name: z.string(),
  provider: z.enum(['google', 'microsoft', 'caldav', 'ics']),
  external_id: z.string(),
  color: z.string().nullable(),
  primary: z.boolean(),
  watching: z.boolean(),
  can_write: z.boolean(),
  /** Only for CalDAV and ICS sources. */
  source_url: z.string().nullable(),
  sync_status: z.enum(['idle', 'queued', 'running', 'failed']),
  sync_error: z.string().nullable(),
  needs_permission: z.boolean(),
  /** The last good read. */
  last_synced_at: instantSchema.nullable(),
  /** Why it cannot be read (null: it can); auto-balance waits on its meetings meanwhile. */
  connection_problem: z.enum(CONNECTION_PROBLEMS).nullable(),
  /** Since when it cannot be read. */
  connection_broken_at: instantSchema.nullable(),
  /** What the last read of an ICS source skipped or guessed. */
  import_report: importReportSchema.nullable(),
});
export type CalendarAttributes = z.infer<typeof calendarAttributes>;

export const calendarResource = resourceSchema('calendars', calendarAttributes);
export const calendarListDocument = documentSchema(z.array(calendarResource));
export const calendarDocument = documentSchema(calendarResource);

/**
 * POST /{provider}/webhooks_setup and /webhooks_stop: a calendar's push channel. Setting up says when the
 * channel expires, or that the calendar is polled (no channel); stopping says only that none is active.
 */
export const webhookChannelDocument = documentSchema(
  resourceSchema(
    'webhooks',
    z.object({
      calendar_uuid: z.string(),
      active: z.boolean(),
      expires_at: instantSchema.nullable(),
      polling: z.boolean(),
    }),
  ),
);
export const webhookStoppedDocument = documentSchema(
  resourceSchema('webhooks', z.object({ calendar_uuid: z.string(), active: z.literal(false) })),
);
