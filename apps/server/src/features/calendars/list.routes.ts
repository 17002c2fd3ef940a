import { calendarEndpoints } from '@meetwell/domain';
import { ownCalendar } from '../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document } from '../../http/jsonapi';
import { listCalendars, removeCalendar, setWatching } from './manage';
import { presentCalendar } from './present';

/** The person's calendars: listed, balanced or stopped, and removed. */
export const calendarListRoutes: FeatureRoutes = (app, ctx) => {
  route(app, calendarEndpoints.list, async (request) => {
    const { user } = requireAuth(request);
    const rows = await listCalendars(ctx, user, { refreshExternal: request.query.external === 'true' });
    return document(rows.map(presentCalendar));
  });

  route(app, calendarEndpoints.update, async (request) => {
    const { user } = requireAuth(request);
    const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
    const updated = await setWatching(ctx, calendar, request.body.data.attributes.watching);
    return document(presentCalendar(updated));
  });

  route(app, calendarEndpoints.remove, async (request, reply) => {
    const { user } = requireAuth(request);
    const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
    await removeCalendar(ctx, calendar);
    return reply.code(204).send(null);
  });
};
