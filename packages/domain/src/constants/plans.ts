import { MANUAL_ACTIONS_NEED_PAID_PLAN } from './messages';

/** Subscription plans (docs/spec/stats-team-billing-public.md §2, §9). Amounts are dollars per month. */

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

/** What a plan unlocks beyond the basics; a trial has everything so a team can be tried as a team. */
export type PlanFeature = 'manual_actions' | 'team_management';

export const PLAN_FEATURE_MESSAGES: Record<PlanFeature, string> = {
  manual_actions: MANUAL_ACTIONS_NEED_PAID_PLAN,
  team_management: 'Inviting and managing members is part of the Team plan.',
};

export function planAllows(id: string | null | undefined, feature: PlanFeature): boolean {
  switch (feature) {
    case 'manual_actions':
      return isPaidPlan(id);
    case 'team_management':
      return id === 'trial' || id === 'team-5000';
  }
}

const DAY_MS = 86_400_000;

/** Whole days left before a trial ends, counted up (an hour left is 1 day), never below 0. */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}
