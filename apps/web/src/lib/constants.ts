import { COOKIE_DAYS, REFERRAL_TOKEN_KEY } from '@meetwell/domain';

export const SUPPORT_EMAIL = 'support@meetwell.app';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/** Readable cookie holding the CSRF token the server expects back in X-CSRF-Token. */
export const CSRF_COOKIE = 'MWCsrf';
/** Referral token from ?ref= / ?referral=, read by the server at sign-up (stored as referred_by). */
export const REFERRAL_COOKIE = REFERRAL_TOKEN_KEY;
export const REFERRAL_COOKIE_DAYS = COOKIE_DAYS;
/** local storage key remembering that the "Cookies are for eating" notice was dismissed. */
export const COOKIE_NOTICE_KEY = 'MWCookieNotice';
