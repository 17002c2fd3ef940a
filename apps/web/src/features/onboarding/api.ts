import { useQuery } from '@tanstack/react-query';
import { api, type JsonApiResource } from '../../api/client';

export interface Goal {
  id: number;
  name: string;
  category: string | null;
  selected: boolean;
}

export interface Tip {
  id: string;
  tag: string;
  title: string;
  description: string;
  seen_at: string | null;
}

export const onboardingKeys = {
  /** Distinct from the Wellness block drawer's ['goals', 'list'] (another shape); ['goals'] refreshes both. */
  goals: ['goals', 'with-choice'] as const,
  allGoals: ['goals'] as const,
  tips: ['tips'] as const,
};

/** GET /goals: the goals to choose at onboarding, with the user's choice. */
export function useGoals() {
  return useQuery({
    queryKey: onboardingKeys.goals,
    queryFn: async (): Promise<Goal[]> => {
      const doc = await api.get<JsonApiResource<Omit<Goal, 'id'>>[]>('/goals');
      return doc.data.map((goal) => ({ ...goal.attributes, id: Number(goal.id) }));
    },
  });
}

/** GET /tips: what the tour says at each step. Without them the tour still runs, on its steps' names. */
export function useTips() {
  return useQuery({
    queryKey: onboardingKeys.tips,
    queryFn: async (): Promise<Tip[]> => {
      const doc = await api.get<JsonApiResource<Omit<Tip, 'id'>>[]>('/tips');
      return doc.data.map((tip) => ({ ...tip.attributes, id: tip.id }));
    },
    meta: { errorToast: false },
  });
}

/** PATCH /tips/{id}: the tip was shown. Best effort: a tip seen twice harms nobody. */
export function markTipSeen(id: string): void {
  api.patch(`/tips/${encodeURIComponent(id)}`).catch(() => {});
}
