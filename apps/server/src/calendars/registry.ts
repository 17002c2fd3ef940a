import type { AppContext } from '../context';
import { calendarFetch } from '../lib/public-url';
import { createCaldavDriver } from './providers/caldav/caldav.driver';
import { createGoogleDriver } from './providers/google/google.driver';
import { createIcsDriver } from './providers/ics/ics.driver';
import { createMicrosoftDriver } from './providers/microsoft/microsoft.driver';
import type { CalendarDriver, Provider } from './types';

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
  return driversFor(ctx)[provider];
}
