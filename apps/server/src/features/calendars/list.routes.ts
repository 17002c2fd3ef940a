import { calendarDocument, calendarListDocument } from '@meetwell/domain';
import { z } from 'zod';
import { ownCalendar } from '../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document, resourceBody } from '../../http/jsonapi';
import { listCalendars, removeCalendar, setWatching } from './manage';
import { presentCalendar } from './present';

const idParams = z.object({ id: z.uuid() });

/** The person's calendars: listed, balanced or stopped, and removed. */
export const calendarListRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/calendars',
    {
      schema: {
        tags: ['calendars'],
        summary: "The user's calendars; external=true also lists the provider's calendars",
        querystring: z.object({ external: z.enum(['true', 'false']).optional() }),
        response: { 200: calendarListDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await listCalendars(ctx, user, { refreshExternal: request.query.external === 'true' });
      return document(rows.map(presentCalendar));
    },
  );

  app.patch(
    '/api/v1/calendars/:id',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Balance a calendar (watching true) or stop (false)',
        params: idParams,
        body: resourceBody('calendars', z.object({ watching: z.boolean() }).strict()),
        response: { 200: calendarDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
      const updated = await setWatching(ctx, calendar, request.body.data.attributes.watching);
      return document(presentCalendar(updated));
    },
  );

  app.delete(
    '/api/v1/calendars/:id',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Remove a CalDAV or ICS calendar',
        params: idParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
      await removeCalendar(ctx, calendar);
      return reply.code(204).send(null);
    },
  );
};
