import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type JsonApiResource, resourceBody } from '../../api/client';
import { queryKeys } from '../../session/queryKeys';
import type { UserAttributes } from '../../session/types';
import { toCurrentUser } from '../../session/useCurrentUser';

/** PATCH /users with some attributes; the answer replaces the cached user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attributes: Record<string, unknown>) => {
      const doc = await api.patch<JsonApiResource<UserAttributes>>(
        '/users',
        resourceBody('users', attributes),
      );
      return toCurrentUser(doc.data);
    },
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
