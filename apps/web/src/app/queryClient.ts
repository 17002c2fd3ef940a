import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { isSilentError, showErrorToast } from '../api/errorToast';

/** Per query / mutation options: `meta: { errorToast: false }` opts out of the error toast. */
export interface AppQueryMeta extends Record<string, unknown> {
  errorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

function reportError(error: unknown, meta: AppQueryMeta | undefined): void {
  if (meta?.errorToast === false || isSilentError(error)) return;
  showErrorToast(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => reportError(error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not improve by retrying; a network blip or 5xx gets one more try.
        retry: (count, error) =>
          count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
