import { calendarEndpoints, MAX_ICS_BASE64_CHARS } from '@meetwell/domain';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document } from '../../http/jsonapi';
import { sentFile } from '../../http/sent-file';
import { connectCaldavAccount } from './caldav-account';
import { importIcsCalendar } from './ics-import';
import { presentCalendar } from './present';

/** Calendars added (files, subscriptions, CalDAV accounts, failed attempts included) per person and hour. */
const CALENDAR_ADDITIONS_LIMIT = { max: 20, timeWindow: '1 hour' };

/** Calendars a person adds by hand: an ICS file or subscription, a CalDAV account. */
export const addCalendarRoutes: FeatureRoutes = (app, ctx) => {
  route(
    app,
    calendarEndpoints.importIcs,
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { calendar, updated } = await importIcsCalendar(ctx, user, request.body.data.attributes);
      return reply.code(updated ? 200 : 201).send(document(presentCalendar(calendar)));
    },
    {
      // Every upload or subscription is a full read, expansion and scoring: a person adds a few calendars,
      // a script adding hundreds would load the database for everyone.
      config: { rateLimit: CALENDAR_ADDITIONS_LIMIT },
      bodyLimit: MAX_ICS_BASE64_CHARS + 64 * 1024,
    },
  );

  route(
    app,
    calendarEndpoints.uploadIcs,
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { calendar, updated } = await importIcsCalendar(ctx, user, {
        name: request.query.name,
        file: sentFile(request.body),
      });
      return reply.code(updated ? 200 : 201).send(document(presentCalendar(calendar)));
    },
    { config: { rateLimit: CALENDAR_ADDITIONS_LIMIT } },
  );

  route(
    app,
    calendarEndpoints.connectCaldav,
    async (request, reply) => {
      const { user } = requireAuth(request);
      const rows = await connectCaldavAccount(ctx, user, request.body.data.attributes);
      return reply.code(201).send(document(rows.map(presentCalendar)));
    },
    { config: { rateLimit: CALENDAR_ADDITIONS_LIMIT } },
  );
};
