import { MANUAL_ACTIONS_NEED_PAID_PLAN } from './messages';
import { PRICE_PER_MEMBER_PER_MONTH } from './product';

/**
 * Subscription plans (docs/spec/stats-team-billing-public.md §2, §9). The prices every page states come from
 * here and from PRICE_PER_MEMBER_PER_MONTH: the price per member the marketing pages and the ROI calculator use
 * ($5), which is Solo's amount (one member); Team, customised with us (contact us), is listed at the spec's
 * $50 a month.
 */

/** The Team plan's listed price (spec: "Your team", 50 per month, contact-us only). */
export const TEAM_PLAN_PER_MONTH = 50;

export type PlanId = 'trial' | 'team-500' | 'team-5000';

export interface Plan {
  id: PlanId;
  name: string;
  /** The line under the name. */
  sub: string;
  emoji: string;
  /** Dollars per interval, for the whole plan. */
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
    amount: PRICE_PER_MEMBER_PER_MONTH,
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
    amount: TEAM_PLAN_PER_MONTH,
    interval: 'month',
    hideFromDisplay: false,
    contactUs: true,
    paid: true,
  },
];

export function findPlan(id: string | null | undefined): Plan | null {
  return PLANS.find((plan) => plan.id === id) ?? null;
}

/** A whole-dollar price as pages state it: $5. */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/** The price every page states: "$5 per member per month". */
export const PRICE_PER_MEMBER_TEXT = `${formatPrice(PRICE_PER_MEMBER_PER_MONTH)} per member per month`;

/** What the plan chooser shows beside a plan's price: "/month". */
export function planPriceUnit(plan: Plan): string {
  return `/${plan.interval}`;
}

/** A plan's price in a sentence: "$5 per month"; a free plan is "Free". */
export function planPriceText(plan: Plan): string {
  if (plan.amount <= 0) return 'Free';
  return `${formatPrice(plan.amount)} per ${plan.interval}`;
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
