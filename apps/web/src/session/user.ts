import { TRIAL_DAYS } from '@meetwell/domain';
import { ADMIN_ROLE } from '../lib/constants';
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

export function isOnTrial(user: CurrentUser): boolean {
  return !user.subscription_plan || user.subscription_plan === 'trial';
}

/** Whole days left in the 14-day trial counted from sign-up (never negative). */
export function trialDaysLeft(user: CurrentUser, now: Date = new Date()): number {
  const created = Date.parse(user.created_at);
  if (Number.isNaN(created)) return TRIAL_DAYS;
  const end = created + TRIAL_DAYS * 86_400_000;
  return Math.max(0, Math.ceil((end - now.getTime()) / 86_400_000));
}

export function trialLabel(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} left in trial`;
}
