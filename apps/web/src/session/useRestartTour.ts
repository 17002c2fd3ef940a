import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from './queryKeys';
import { updateCurrentUser } from './useCurrentUser';

/** "Take a tour" restarts onboarding: onboarded=false, then back to Review with the onboarding flag. */
export function useRestartTour() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => updateCurrentUser({ onboarded: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      navigate('/my/review/you?onboarding=true');
    },
  });
}
