import type { DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './client';

/** What every query client of the web app (the app's and the public pages') does by default. */
export const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // Client errors will not improve by retrying; a network blip or 5xx gets one more try.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  },
  mutations: { retry: false },
};
