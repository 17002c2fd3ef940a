/** Subscription plans (stats-team-billing-public §2, §9). Amounts are dollars per month. */

export type PlanId = 'trial' | 'team-500' | 'team-5000';

export interface Plan {
  id: PlanId;
  name: string;
  /** The line under the name. */
  sub: string;
  emoji: string;
  amount: number;
  interval: 'month';
  /** Hidden from the plan chooser. */
  hideFromDisplay: boolean;
  /** Customised, reached by contacting us only. */
  contactUs: boolean;
  paid: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'trial',
    name: 'Trial',
    sub: 'Try it free',
    emoji: '🌱',
    amount: 0,
    interval: 'month',
    hideFromDisplay: true,
    contactUs: false,
    paid: false,
  },
  {
    id: 'team-500',
    name: 'Solo',
    sub: 'Just you',
    emoji: '🧘',
    amount: 5,
    interval: 'month',
    hideFromDisplay: false,
    contactUs: false,
    paid: true,
  },
  {
    id: 'team-5000',
    name: 'Team',
    sub: 'Your team',
    emoji: '🤝',
    amount: 50,
    interval: 'month',
    hideFromDisplay: false,
    contactUs: true,
    paid: true,
  },
];

export function findPlan(id: string | null | undefined): Plan | null {
  return PLANS.find((plan) => plan.id === id) ?? null;
}

/** The plans the plan chooser lists (Trial is hidden). */
export function displayedPlans(): Plan[] {
  return PLANS.filter((plan) => !plan.hideFromDisplay);
}

/** Manual remind/decline and blocking overlapping accepts need a paid plan. Unknown ids are not paid. */
export function isPaidPlan(id: string | null | undefined): boolean {
  return findPlan(id)?.paid ?? false;
}
