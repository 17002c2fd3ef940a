import { UNSUBSCRIBE_REDIRECT } from '@meetwell/domain';
/** Sizes, counts and timings of the web app's screens, as the specs name them. */

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
  unsubscribeRedirect: UNSUBSCRIBE_REDIRECT.afterMs,
  organizerStatsRetry: 1000,
} as const;

export const TOOLTIP_DEFAULT_WIDTH_PX = 260;

export const TIPS_OFFSET_PX = 30;
