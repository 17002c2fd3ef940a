import type { AppContext } from '../context';
import { calendarFetch } from '../lib/public-url';
import { createCaldavDriver } from './providers/caldav/caldav.driver';
import { createGoogleDriver } from './providers/google/google.driver';
import { createIcsDriver } from './providers/ics/ics.driver';
import { createMicrosoftDriver } from './providers/microsoft/microsoft.driver';
import type { CalendarDriver, ExternalCalendar, Provider } from './types';

type Drivers = Record<Provider, CalendarDriver>;

const cache = new WeakMap<AppContext['config'], Drivers>();

/** The one map from provider to driver; services ask it instead of switching on the provider. */
function driversFor(ctx: Pick<AppContext, 'config' | 'now'>): Drivers {
  let drivers = cache.get(ctx.config);
  if (!drivers) {
    // URLs people give are fetched only from public addresses, checked at every connection and redirect.
    const fetchUserUrl = calendarFetch(ctx.config.allowPrivateCalendarHosts);
    drivers = {
      google: createGoogleDriver({ apiUrl: ctx.config.google.apiUrl, now: ctx.now }),
      microsoft: createMicrosoftDriver({ graphUrl: ctx.config.microsoft.graphUrl, now: ctx.now }),
      caldav: createCaldavDriver({ fetch: fetchUserUrl }),
      ics: createIcsDriver({ fetch: fetchUserUrl }),
    };
    cache.set(ctx.config, drivers);
  }
  return drivers;
}

export function driverFor(ctx: Pick<AppContext, 'config' | 'now'>, provider: Provider): CalendarDriver {
  const driver = driversFor(ctx)[provider];
  return {
    ...driver,
    listCalendars: async (connection) => (await driver.listCalendars(connection)).map(storable),
  };
}

const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/**
 * A calendar as it can be stored: PostgreSQL's text cannot hold a NUL character, and one in a calendar's name
 * (a file's X-WR-CALNAME, a provider's list) must not refuse the whole calendar. Events get the same
 * treatment where they are stored in bulk (db/bulk.ts, db/copy.ts).
 */
function storable(calendar: ExternalCalendar): ExternalCalendar {
  return {
    ...calendar,
    name: withoutNul(calendar.name),
    color: calendar.color && withoutNul(calendar.color),
    timeZone: calendar.timeZone && withoutNul(calendar.timeZone),
  };
}
