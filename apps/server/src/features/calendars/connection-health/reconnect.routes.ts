import { calendarEndpoints, MAX_ICS_BASE64_CHARS } from '@meetwell/domain';
import { ownCalendar } from '../../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../../http/app';
import { route } from '../../../http/endpoint';
import { document } from '../../../http/jsonapi';
import { sentFile } from '../../../http/sent-file';
import { presentCalendar } from '../present';
import { reconnectCalendar } from './reconnect';

/** Mending a calendar that cannot be read: a CalDAV password, an ICS address or file. */
export const reconnectRoutes: FeatureRoutes = (app, ctx) => {
  route(
    app,
    calendarEndpoints.reconnect,
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
      const updated = await reconnectCalendar(ctx, user, calendar, request.body.data.attributes);
      return document(presentCalendar(updated));
    },
    {
      // Each attempt reads the source: as limited as adding a calendar.
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      bodyLimit: MAX_ICS_BASE64_CHARS + 64 * 1024,
    },
  );

  route(
    app,
    calendarEndpoints.reconnectWithFile,
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
      const updated = await reconnectCalendar(ctx, user, calendar, { file: sentFile(request.body) });
      return document(presentCalendar(updated));
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 hour' } } },
  );
};
