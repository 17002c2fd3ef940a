import { z } from 'zod';
import { CONNECTION_PROBLEMS } from '../calendars/connection-health';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';

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

// ---------------------------------------------------------------------------------------------------------
// Endpoints

/** The largest ICS file imported (its text, or its bytes before base64). */
export const MAX_ICS_BYTES = 20 * 1024 * 1024;
/** A file sent as base64 is a third larger than the file. */
export const MAX_ICS_BASE64_CHARS = Math.ceil((MAX_ICS_BYTES * 4) / 3);

const TOO_LARGE = 'ICS files up to 20 MB can be imported';

/** An ICS file sent as it is (Content-Type: text/calendar), as the web app sends one. */
export const ICS_FILE_BODY = {
  mediaTypes: ['text/calendar'],
  maxBytes: MAX_ICS_BYTES,
  tooLarge: TOO_LARGE,
} as const;

/**
 * A subscription's address, pasted as calendars give it: webcal:// (or webcals://, any case) is fetched over
 * https, as calendar apps do; spaces around it are no part of it.
 */
const icsUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^(https?|webcals?)$/, error: 'must be an http(s) or webcal URL' }))
  .transform((url) => url.replace(/^webcals?:/i, 'https:'));
const icsContent = z.string().max(MAX_ICS_BYTES, TOO_LARGE);
/** Any character base64 does not use; `=` only pads the end. */
const NOT_BASE64 = /[^0-9a-zA-Z+/]/;

/**
 * Standard base64, as zod's `base64()` accepts it (groups of four, `=` or `==` only at the end), checked with
 * one scan of a character class: zod's pattern of groups took 160–230 ms for a 20 MB file's 27 MB of text,
 * on the thread that serves requests.
 */
export function isBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return !NOT_BASE64.test(padding ? text.slice(0, -padding) : text);
}

const icsContentBase64 = z
  .string()
  .max(MAX_ICS_BASE64_CHARS + 4, TOO_LARGE)
  .refine(isBase64, { error: 'must be the file encoded in base64' });

const calendarName = z.string().trim().min(1).max(120);

/** POST /calendars/ics: a subscription (url) or a file (its text, or its bytes in base64), one of them. */
export const icsImportAttributes = z
  .object({
    name: calendarName.optional(),
    url: icsUrl.optional(),
    content: icsContent.optional(),
    content_base64: icsContentBase64.optional(),
  })
  .strict()
  .refine(
    (a) => [a.url, a.content, a.content_base64].filter((v) => v !== undefined).length === 1,
    'Give one of url, content or content_base64',
  );
export type IcsImport = z.input<typeof icsImportAttributes>;

/** POST /calendars/caldav: the account's server and credentials. */
export const caldavAccountAttributes = z
  .object({
    server_url: z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(500),
  })
  .strict();
export type CaldavAccount = z.input<typeof caldavAccountAttributes>;

/** POST /calendars/:id/reconnect: a new CalDAV password, or an ICS address or file again (one of them). */
export const reconnectAttributes = z
  .object({
    username: z.string().min(1).max(200).optional(),
    password: z.string().min(1).max(500).optional(),
    url: icsUrl.optional(),
    content: icsContent.optional(),
    content_base64: icsContentBase64.optional(),
  })
  .strict()
  .refine(
    (a) => [a.password, a.url, a.content, a.content_base64].filter((v) => v !== undefined).length === 1,
    'Give one of password, url, content or content_base64',
  );
export type ReconnectAttributes = z.input<typeof reconnectAttributes>;

/** The providers' names in the push-channel paths (/api/v1/{provider}/webhooks_setup). */
export const WEBHOOK_PROVIDER_SLUGS = ['google_calendar', 'microsoft_outlook', 'caldav', 'ics'] as const;
export type WebhookProviderSlug = (typeof WEBHOOK_PROVIDER_SLUGS)[number];

const calendarParams = z.object({ id: z.uuid() });
const webhookBody = z.object({ calendar_uuid: z.uuid() }).strict();
const webhookChannel = {
  tags: ['calendars'],
  // The calendar is named by the body, not the path: any signed-in person, about a calendar of theirs.
  access: 'signed_in',
  params: z.object({ provider: z.enum(WEBHOOK_PROVIDER_SLUGS) }),
  body: resourceBodySchema('webhooks', webhookBody).or(webhookBody),
  errors: ['not_found'],
} as const;

export const calendarEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/calendars',
    summary: "The user's calendars; external=true also lists the provider's calendars",
    tags: ['calendars'],
    access: 'signed_in',
    whenDeactivated: true,
    query: z.object({ external: z.enum(['true', 'false']).optional() }),
    response: { 200: calendarListDocument },
    // needs_permission: the provider refused the sign-in account's token (external=true).
    errors: ['needs_permission'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/calendars/:id',
    summary: 'Balance a calendar (watching true) or stop (false)',
    tags: ['calendars'],
    access: 'owner',
    params: calendarParams,
    body: resourceBodySchema('calendars', z.object({ watching: z.boolean() }).strict()),
    response: { 200: calendarDocument },
    errors: ['not_found'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/calendars/:id',
    summary: 'Remove a CalDAV or ICS calendar',
    tags: ['calendars'],
    access: 'owner',
    whenDeactivated: true,
    params: calendarParams,
    response: { 204: z.null().describe('Removed') },
    errors: ['not_found'],
  }),
  importIcs: endpoint({
    method: 'POST',
    path: '/api/v1/calendars/ics',
    summary:
      'Subscribe to an ICS URL, or import an ICS file: its bytes in content_base64 (the charset is detected here), or its text in content',
    tags: ['calendars'],
    access: 'signed_in',
    body: resourceBodySchema('calendars', icsImportAttributes),
    // 200: the file is a version of one the person uploaded before (the same UIDs, mostly): that calendar was
    // given it and is read again in full, instead of a copy being made.
    response: { 200: calendarDocument, 201: calendarDocument },
    // conflict: the calendar is already connected.
    errors: ['conflict'],
  }),
  uploadIcs: endpoint({
    method: 'POST',
    path: '/api/v1/calendars/ics/file',
    summary:
      'Import an ICS file sent as it is (Content-Type: text/calendar, at most 20 MB; the charset is detected here), named by `name` or else by the calendar itself',
    tags: ['calendars'],
    access: 'signed_in',
    query: z.object({ name: calendarName.optional() }),
    file: ICS_FILE_BODY,
    // 200: a version of a file the person uploaded before, as for POST /calendars/ics.
    response: { 200: calendarDocument, 201: calendarDocument },
    errors: [],
  }),
  connectCaldav: endpoint({
    method: 'POST',
    path: '/api/v1/calendars/caldav',
    summary:
      'Connect a CalDAV account (Nextcloud, Fastmail, iCloud, Radicale...): its calendars are listed, unwatched',
    tags: ['calendars'],
    access: 'signed_in',
    body: resourceBodySchema('calendars', caldavAccountAttributes),
    response: { 201: calendarListDocument },
    errors: [],
  }),
  reconnect: endpoint({
    method: 'POST',
    path: '/api/v1/calendars/:id/reconnect',
    summary:
      'Reconnect a calendar that cannot be read: a new password (CalDAV), a new address or the file again (ICS); checked, then read in full',
    tags: ['calendars'],
    access: 'owner',
    params: calendarParams,
    body: resourceBodySchema('calendars', reconnectAttributes),
    response: { 200: calendarDocument },
    // conflict: another of the person's calendars reads the new address.
    errors: ['not_found', 'conflict'],
  }),
  reconnectWithFile: endpoint({
    method: 'POST',
    path: '/api/v1/calendars/:id/reconnect/file',
    summary:
      'Reconnect an ICS calendar with its file sent again as it is (Content-Type: text/calendar, at most 20 MB); read in full',
    tags: ['calendars'],
    access: 'owner',
    params: calendarParams,
    file: ICS_FILE_BODY,
    response: { 200: calendarDocument },
    errors: ['not_found'],
  }),
  openChannel: endpoint({
    ...webhookChannel,
    method: 'POST',
    path: '/api/v1/:provider/webhooks_setup',
    summary: 'Open a push channel for a watched calendar',
    response: { 200: webhookChannelDocument },
    // needs_permission: the provider refused the calendar's token.
    errors: ['not_found', 'needs_permission'],
  }),
  stopChannel: endpoint({
    ...webhookChannel,
    method: 'POST',
    path: '/api/v1/:provider/webhooks_stop',
    summary: "Stop a calendar's push channels",
    response: { 200: webhookStoppedDocument },
  }),
};
