import { catalogEndpoints, type GoalAttributes, type TipAttributes } from '@meetwell/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/endpoint';

/** A goal, its id read as the number the user's goal_ids hold. */
export interface Goal extends GoalAttributes {
  id: number;
}

export interface Tip extends TipAttributes {
  id: string;
}

export const onboardingKeys = {
  /** Every cache of goals starts with 'goals'. */
  allGoals: ['goals'] as const,
  tips: ['tips'] as const,
};

/**
 * GET /goals, the one query of the goals: onboarding shows them with the user's choice, the Wellness block
 * drawer offers their names as ideas (each reads it with its own `select`).
 */
export const goalsQuery = queryOptions({
  queryKey: onboardingKeys.allGoals,
  queryFn: () => call(catalogEndpoints.goals),
});

/** The goals to choose at onboarding, with the user's choice. */
export function useGoals() {
  return useQuery({
    ...goalsQuery,
    select: (doc): Goal[] => doc.data.map((goal) => ({ ...goal.attributes, id: Number(goal.id) })),
  });
}

/** GET /tips: what the tour says at each step. Without them the tour still runs, on its steps' names. */
export function useTips() {
  return useQuery({
    queryKey: onboardingKeys.tips,
    queryFn: async (): Promise<Tip[]> => {
      const doc = await call(catalogEndpoints.tips);
      return doc.data.map((tip) => ({ ...tip.attributes, id: tip.id }));
    },
    meta: { errorToast: false },
  });
}

/**
 * PATCH /tips/{id}: the tip was shown (the answer is the tip, read by the contract's tipDocument). Best effort:
 * a tip seen twice harms nobody.
 */
export function markTipSeen(id: string): void {
  // Nothing is sent but the tip's id.
  call(catalogEndpoints.markTipSeen, { params: { id } }).catch(() => {});
}
