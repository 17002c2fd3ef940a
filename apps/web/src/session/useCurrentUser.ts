import type { currentUserDocument } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError, type JsonApiResource, readContract } from '../api/client';
import { queryKeys } from './queryKeys';
import type { CurrentUser, UserAttributes } from './types';

export function toCurrentUser(resource: JsonApiResource<UserAttributes>): CurrentUser {
  return { ...resource.attributes, id: resource.id };
}

/**
 * GET /api/v1/users?session=optional: the user, or data null for a visitor (no failed request in the
 * console of every public page); a 401 (an older server) still reads as signed out, without a toast.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const body: unknown = await api.get('/users?session=optional', { redirectOnStatus: false });
    const doc = await asCurrentUserDocument(body);
    return doc.data ? toCurrentUser(doc.data) : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

type CurrentUserDocument = z.output<typeof currentUserDocument>;

/**
 * The answer read as the contract's document. Every page, the public ones included, asks who is signed in, so
 * the schema (and the validation library) is fetched only where answers are checked, development and tests:
 * production builds drop this branch and stay light.
 */
async function asCurrentUserDocument(body: unknown): Promise<CurrentUserDocument> {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const { currentUserDocument } = await import('@meetwell/domain');
    return readContract(currentUserDocument, body, 'GET /users', true);
  }
  return body as CurrentUserDocument;
}

export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}
