import { calendarDocument, calendarListDocument } from '@meetwell/domain';
import { z } from 'zod';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document, resourceBody } from '../../http/jsonapi';
import { connectCaldavAccount } from './caldav-account';
import { importIcsCalendar, MAX_ICS_BYTES } from './ics-import';
import { presentCalendar } from './present';

/** Calendars added (files, subscriptions, CalDAV accounts, failed attempts included) per person and hour. */
const CALENDAR_ADDITIONS_LIMIT = { max: 20, timeWindow: '1 hour' };
/** A file sent as base64 is a third larger than the file. */
const MAX_BASE64_CHARS = Math.ceil((MAX_ICS_BYTES * 4) / 3);

const icsImport = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    url: z.url({ protocol: /^(https?|webcal)$/, error: 'must be an http(s) or webcal URL' }).optional(),
    content: z.string().max(MAX_ICS_BYTES, 'ICS files up to 20 MB can be imported').optional(),
    content_base64: z
      .base64({ error: 'must be the file encoded in base64' })
      .max(MAX_BASE64_CHARS + 4, 'ICS files up to 20 MB can be imported')
      .optional(),
  })
  .strict()
  .refine(
    (a) => [a.url, a.content, a.content_base64].filter((v) => v !== undefined).length === 1,
    'Give one of url, content or content_base64',
  );

const caldavAccount = z
  .object({
    server_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(500),
  })
  .strict();

/** Calendars a person adds by hand: an ICS file or subscription, a CalDAV account. */
export const addCalendarRoutes: FeatureRoutes = (app, ctx) => {
  app.post(
    '/api/v1/calendars/ics',
    {
      // Every upload or subscription is a full read, expansion and scoring: a person adds a few calendars,
      // a script adding hundreds would load the database for everyone.
      config: { rateLimit: CALENDAR_ADDITIONS_LIMIT },
      bodyLimit: MAX_BASE64_CHARS + 64 * 1024,
      schema: {
        tags: ['calendars'],
        summary:
          'Subscribe to an ICS URL, or import an ICS file: its bytes in content_base64 (the charset is detected here), or its text in content',
        body: resourceBody('calendars', icsImport),
        response: { 201: calendarDocument },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const calendar = await importIcsCalendar(ctx, user, request.body.data.attributes);
      return reply.code(201).send(document(presentCalendar(calendar)));
    },
  );

  app.post(
    '/api/v1/calendars/caldav',
    {
      config: { rateLimit: CALENDAR_ADDITIONS_LIMIT },
      schema: {
        tags: ['calendars'],
        summary:
          'Connect a CalDAV account (Nextcloud, Fastmail, iCloud, Radicale...): its calendars are listed, unwatched',
        body: resourceBody('calendars', caldavAccount),
        response: { 201: calendarListDocument },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const rows = await connectCaldavAccount(ctx, user, request.body.data.attributes);
      return reply.code(201).send(document(rows.map(presentCalendar)));
    },
  );
};
