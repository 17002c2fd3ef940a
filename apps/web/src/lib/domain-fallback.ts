// TEMPORARY local fallback for rule helpers that @meetwell/domain will export.
// Keep this file tiny: when packages/domain exports these names, import them from '@meetwell/domain'
// instead and delete this file.

export const PRODUCT_NAME = 'MeetWell';
export const DEFAULT_TITLE = `${PRODUCT_NAME} | Healthy meetings, balanced calendars`;

/** '{title} | MeetWell', or the tagline title when there is no title. */
export function pageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : DEFAULT_TITLE;
}

// A local part, an @, then a bracketed IP or a domain whose top-level domain has at least 2 letters.
const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\]\\]+@(?:\[(?:\d{1,3}\.){3}\d{1,3}\]|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z]{2,})$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export type PlanId = 'trial' | 'team-500' | 'team-5000';

export interface SubscriptionPlan {
  id: PlanId;
  name: string;
  sub: string;
  emoji: string;
  /** Dollars per month. */
  amount: number;
  hideFromDisplay: boolean;
  contactUs: boolean;
}

export const TRIAL_DAYS = 14;

export const PLANS: readonly SubscriptionPlan[] = [
  {
    id: 'trial',
    name: 'Trial',
    sub: 'Try it out',
    emoji: '🌱',
    amount: 0,
    hideFromDisplay: true,
    contactUs: false,
  },
  {
    id: 'team-500',
    name: 'Solo',
    sub: 'Just you',
    emoji: '🧘',
    amount: 5,
    hideFromDisplay: false,
    contactUs: false,
  },
  {
    id: 'team-5000',
    name: 'Team',
    sub: 'Your team',
    emoji: '🤝',
    amount: 50,
    hideFromDisplay: false,
    contactUs: true,
  },
];

export type ScoreTier = 'success' | 'caution' | 'warning' | 'danger';

/** ≥ 80 success, ≥ 70 caution, ≥ 60 warning, below 60 danger (also the Mantine colour names). */
export function scoreTier(score: number): ScoreTier {
  if (score >= 80) return 'success';
  if (score >= 70) return 'caution';
  if (score >= 60) return 'warning';
  return 'danger';
}

const DAY_MS = 86_400_000;

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function sameDay(a: Date, b: Date): boolean {
  return startOfDay(a).getTime() === startOfDay(b).getTime();
}

/** This week, Last week (Sunday start), This month, Last month, 'Last N days' when the range ends today, else dates. */
export function rangeLabel(start: Date, end: Date, today: Date = new Date()): string {
  const weekStart = startOfDay(new Date(today.getTime() - today.getDay() * DAY_MS));
  const weekEnd = new Date(weekStart.getTime() + 6 * DAY_MS);
  const lastWeekStart = new Date(weekStart.getTime() - 7 * DAY_MS);
  const lastWeekEnd = new Date(weekStart.getTime() - DAY_MS);
  const monthStart = new Date(today.getFullYear(), today.getMonth(), 1);
  const monthEnd = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  const lastMonthStart = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const lastMonthEnd = new Date(today.getFullYear(), today.getMonth(), 0);

  if (sameDay(start, weekStart) && sameDay(end, weekEnd)) return 'This week';
  if (sameDay(start, lastWeekStart) && sameDay(end, lastWeekEnd)) return 'Last week';
  if (sameDay(start, monthStart) && sameDay(end, monthEnd)) return 'This month';
  if (sameDay(start, lastMonthStart) && sameDay(end, lastMonthEnd)) return 'Last month';
  if (sameDay(end, today)) {
    const days = Math.round((startOfDay(end).getTime() - startOfDay(start).getTime()) / DAY_MS) + 1;
    return `Last ${days} days`;
  }
  const format = (date: Date) =>
    date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return `${format(start)} – ${format(end)}`;
}
