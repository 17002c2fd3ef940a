import type { FeatureRoutes } from '../../http/app';
import { addCalendarRoutes } from './add-calendar.routes';
import { reconnectRoutes } from './connection-health/reconnect.routes';
import { calendarListRoutes } from './list.routes';
import { syncRoutes } from './sync/sync.routes';
import { channelRoutes } from './webhooks/channel.routes';

/**
 * The calendars' API, one module per concern: the list (watch, stop, remove), adding a calendar by hand (ICS,
 * CalDAV), a person's push channels, and re-syncs. Each handler parses, authorizes, calls one use case and
 * presents. Provider sign-in lives with the auth routes; the providers' own notifications in webhooks/routes.ts.
 */
export const calendarRoutes: FeatureRoutes = async (app, ctx) => {
  await calendarListRoutes(app, ctx);
  await addCalendarRoutes(app, ctx);
  await channelRoutes(app, ctx);
  await syncRoutes(app, ctx);
  await reconnectRoutes(app, ctx);
};
