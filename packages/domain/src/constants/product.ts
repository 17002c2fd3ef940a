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
export const ROLES = [
  { value: null, label: 'User' },
  { value: ADMIN_ROLE, label: 'Admin' },
] as const;
/** How many tour steps onboarding has. */
export const TOUR_STEPS = 9;
/** Meeting descriptions longer than this are collapsed in the meeting modal. */
export const DESCRIPTION_COLLAPSE_CHARS = 50;
/** Attendee lists fade and scroll above this many people. */
export const ATTENDEE_LIST_FADE_ABOVE = 5;

/** The Plan calendar's default visible range and grid. */
export const CALENDAR_DEFAULTS = { startHour: 7, endHour: 17, stepMinutes: 30, timeslots: 4 } as const;

/** UI timings named by the specs, in milliseconds. */
export const UI_TIMINGS_MS = {
  alertClose: 200,
  drawerClose: 300,
  modalOpenAfterNavigate: 200,
  deepLinkRetry: 500,
  resizeDebounce: 150,
  onboardingExit: 500,
  goalSave: 1500,
  unsubscribeRedirect: 1200,
  organizerStatsRetry: 1000,
} as const;
export const ORGANIZER_STATS_RETRIES = 2;
export const TOOLTIP_DEFAULT_WIDTH_PX = 260;
export const TIPS_OFFSET_PX = 30;
