import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callByName } from '../api/client';
import { disconnectCable } from '../realtime/cable';
import { queryKeys } from './queryKeys';

/** DELETE /api/v1/logout, then forget everything cached and go home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callByName('auth.signOut', 'DELETE /api/v1/logout'),
    onSuccess: () => {
      disconnectCable();
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser, null);
      navigate('/');
    },
  });
}
