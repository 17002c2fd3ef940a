/** The product name, page titles and the business constants of both specs (§9). */

export const PRODUCT_NAME = 'MeetWell';
/** Shown as the page title when a page sets none. */
export const PRODUCT_TAGLINE = 'Healthy meetings, balanced calendars';
export const DEFAULT_PAGE_TITLE = `${PRODUCT_NAME} | ${PRODUCT_TAGLINE}`;

/** '{title} | MeetWell'; with no title (or a blank one) the default tagline title. */
export function pageTitle(title?: string | null): string {
  const trimmed = typeof title === 'string' ? title.trim() : '';
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : DEFAULT_PAGE_TITLE;
}

/** Trial length; no credit card required. */
export const TRIAL_DAYS = 14;
/** Life of the session and referral cookies (secure, same-site lax, path /). */
export const COOKIE_DAYS = 25;
export const SESSION_TOKEN_KEY = 'MWToken';
export const REFERRAL_TOKEN_KEY = 'MWReferralToken';
/** Price per member (teammate) per month, in dollars. */
export const PRICE_PER_MEMBER_PER_MONTH = 5;
/** Referral commission per paying referred customer per month, in dollars. */
export const REFERRAL_COMMISSION_PER_MONTH = 2;
/** A meeting lasting this long or longer counts as all day. */
export const ALL_DAY_HOURS = 6;
/** Overlaps of this many minutes or less are not conflicts. */
export const CONFLICT_TOLERANCE_MINUTES = 1;
/** Work hours per working day (Monday to Friday). */
export const WORK_HOURS_PER_DAY = 8;
/** Future actions are listed this many days ahead, past actions this many days back. */
export const FUTURE_ACTIONS_WINDOW_DAYS = 7;
export const PAST_ACTIONS_WINDOW_DAYS = 7;
/** The Admin role value. */
export const ADMIN_ROLE = 'billing_admin';

/** How people join a team: anyone at its email domain, or only those invited. */
export const LICENSE_BY = ['domain', 'invite'] as const;
export type LicenseBy = (typeof LICENSE_BY)[number];
export const ROLES = [
  { value: null, label: 'User' },
  { value: ADMIN_ROLE, label: 'Admin' },
] as const;
