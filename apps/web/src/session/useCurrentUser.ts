import type { UserPatch, userResource } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callByName, isApiError, resourceBody } from '../api/client';
import { queryKeys } from './queryKeys';
import type { CurrentUser } from './types';

/** What signing in answers with (a link, an invite, the demo): the signed-in user, as GET /users has it. */
export type SignedInAnswer = { data: z.output<typeof userResource> };

export function toCurrentUser(resource: z.output<typeof userResource>): CurrentUser {
  return { ...resource.attributes, id: resource.id };
}

/**
 * GET /api/v1/users?session=optional: the user, or data null for a visitor (no failed request in the
 * console of every public page); a 401 (an older server) still reads as signed out, without a toast.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    // By name: public pages ask who is signed in too, and must not load the schemas (see callByName).
    const doc = await callByName('users.current', 'GET /api/v1/users', {
      query: { session: 'optional' },
      redirectOnStatus: false,
    });
    return doc.data ? toCurrentUser(doc.data) : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * PATCH /api/v1/users with some attributes: the changed user, read by the contract's userDocument (the
 * account's settings, the header's "Take a tour"). By name: the header is on public pages too.
 */
export async function updateCurrentUser(attributes: UserPatch): Promise<CurrentUser> {
  const doc = await callByName('users.update', 'PATCH /api/v1/users', {
    body: resourceBody('users', attributes),
  });
  return toCurrentUser(doc.data);
}

export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}
