import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../session/useCurrentUser';
import { connectCable, disconnectCable } from './cable';

/** Opens the socket once a user is signed in and closes it when the session ends. */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId) connectCable(queryClient);
    else disconnectCable();
  }, [userId, queryClient]);

  return null;
}
