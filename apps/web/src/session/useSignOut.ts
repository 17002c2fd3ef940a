import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { disconnectCable } from '../realtime/cable';
import { queryKeys } from './queryKeys';

/** DELETE /api/v1/logout, then forget everything cached and go home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.delete('/logout'),
    onSuccess: () => {
      disconnectCable();
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser, null);
      navigate('/');
    },
  });
}
