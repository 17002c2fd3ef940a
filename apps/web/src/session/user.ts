import { ADMIN_ROLE } from '@meetwell/domain';
import type { CurrentUser } from './types';

export function fullName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email;
}

export function initials(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = [user.first_name, user.last_name]
    .map((part) => part?.trim()?.[0])
    .filter(Boolean)
    .join('');
  return (letters || user.email.slice(0, 1)).toUpperCase();
}

/** Admin = company roles include billing_admin, and the account is not deactivated. */
export function isAdmin(user: CurrentUser | null | undefined): boolean {
  return Boolean(user && !user.deactivated_at && user.company?.roles?.includes(ADMIN_ROLE));
}

export function hasTeam(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.company?.id);
}

/**
 * Billing admins choose, change and cancel plans; someone without a team is their own admin. Unlike isAdmin,
 * a deactivated admin still may: choosing a plan is how the account comes back.
 */
export function canManageBilling(user: CurrentUser | null | undefined): boolean {
  return Boolean(user && (!user.company || (user.company.roles ?? []).includes(ADMIN_ROLE)));
}

export function isOnTrial(user: CurrentUser): boolean {
  return (
    !user.subscription_plan || user.subscription_plan === 'trial' || user.subscription_status === 'trialing'
  );
}

/** Days left in the company's trial as the server counts them; null when it does not say. */
export function trialDaysLeft(user: CurrentUser): number | null {
  return typeof user.trial_days_left === 'number' ? Math.max(0, user.trial_days_left) : null;
}

export function hasTrialEnded(user: CurrentUser): boolean {
  return Boolean(user.deactivated_at) && user.deactivated_reason === 'trial_expired';
}

/**
 * The account has no plan to use: deactivated (trial over), or its paid plan ended (cancelled, which the
 * server does not deactivate). Either way the plan chooser is where it has to go.
 */
export function mustChoosePlan(user: CurrentUser): boolean {
  return Boolean(user.deactivated_at) || user.subscription_status === 'canceled';
}

export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The header's and the account's trial countdown. */
export function trialCountdownLabel(days: number): string {
  return `Trial: ${dayCount(days)} left`;
}
