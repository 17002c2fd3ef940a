import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isSilentError, showErrorToast } from '../api/errorToast';
import { QUERY_DEFAULTS } from '../api/queryDefaults';

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
    defaultOptions: QUERY_DEFAULTS,
  });
}
