import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { QUERY_DEFAULTS } from '../api/queryDefaults';
import type { AppQueryMeta } from '../app/queryClient';

// The public pages' query client: the app's options (app/queryClient.ts), but the error toast and the toast
// library are only downloaded when an error is to be shown (most public pages never show one).

let toasterWanted = false;
const listeners = new Set<() => void>();

/** True once an error toast was asked for: the public app then mounts the (lazy) toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

function reportError(error: unknown, meta: AppQueryMeta | undefined): void {
  if (meta?.errorToast === false) return;
  void import('../api/errorToast').then(({ isSilentError, showErrorToast }) => {
    if (isSilentError(error)) return;
    toasterWanted = true;
    for (const listener of listeners) listener();
    showErrorToast(error);
  });
}

export function createPublicQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => reportError(error, mutation.options.meta),
    }),
    defaultOptions: QUERY_DEFAULTS,
  });
}
