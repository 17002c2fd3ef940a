import { api, type JsonApiResource, resourceBody } from '../../api/client';
import { REFERRAL_COOKIE } from '../../lib/constants';
import { readCookie } from '../../lib/cookies';
import { browserTimeZone } from '../../lib/timezone';
import type { UserAttributes } from '../../session/types';

/** How long a mailed sign-in link works (the server's SIGN_IN_LINK_MINUTES). */
export const SIGN_IN_LINK_MINUTES = 15;

/**
 * POST /sign_in_links: the server mails a link to the address (202 whatever the address). A malformed address
 * is a 422 the form shows, never the app's permission redirect.
 */
export function requestSignInLink(email: string) {
  return api.post(
    '/sign_in_links',
    resourceBody('sign_in_links', { email: email.trim(), time_zone: browserTimeZone() }),
    { redirectOnStatus: false },
  );
}

/** The referral kept from a ?ref= link: sent with a sign-up, so the server need not rely on the cookie alone. */
function storedReferral(): string | undefined {
  return readCookie(REFERRAL_COOKIE) || undefined;
}

/** POST /sign_in_links/consume: signs the browser in with the link's token (410 when used or expired). */
export function consumeSignInLink(token: string) {
  return api.post<JsonApiResource<UserAttributes>>(
    '/sign_in_links/consume',
    resourceBody('sign_in_links', { token, time_zone: browserTimeZone(), referral: storedReferral() }),
    { redirectOnStatus: false },
  );
}

/** POST /invites/accept: signs the invited person in and joins the team (410 when no longer valid). */
export function acceptInvite(token: string) {
  return api.post<JsonApiResource<UserAttributes>>(
    '/invites/accept',
    resourceBody('invites', { token, time_zone: browserTimeZone(), referral: storedReferral() }),
    { redirectOnStatus: false },
  );
}
