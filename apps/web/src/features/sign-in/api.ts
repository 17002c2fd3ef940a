// Signing in: a link by e-mail, an invite, the demo. Public pages load this module (the login modal, the
// link pages): endpoints are called by the contract's names (callByName), so no schema reaches their bundles.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callByName, resourceBody } from '../../api/client';
import { APP_HOME } from '../../layout/navigation';
import { REFERRAL_COOKIE } from '../../lib/constants';
import { readCookie } from '../../lib/cookies';
import { browserTimeZone } from '../../lib/timezone';
import { queryKeys } from '../../session/queryKeys';
import { toCurrentUser } from '../../session/useCurrentUser';

/** How long a mailed sign-in link works (the server's SIGN_IN_LINK_MINUTES). */
export const SIGN_IN_LINK_MINUTES = 15;

/**
 * POST /sign_in_links: the server mails a link to the address (202 whatever the address). A malformed address
 * is a 422 the form shows, never the app's permission redirect.
 */
export function requestSignInLink(email: string) {
  return callByName('auth.requestSignInLink', 'POST /api/v1/sign_in_links', {
    body: resourceBody('sign_in_links', { email: email.trim(), time_zone: browserTimeZone() }),
    redirectOnStatus: false,
  });
}

/** The referral kept from a ?ref= link: sent with a sign-up, so the server need not rely on the cookie alone. */
function storedReferral(): string | undefined {
  return readCookie(REFERRAL_COOKIE) || undefined;
}

/** POST /sign_in_links/consume: signs the browser in with the link's token (410 when used or expired). */
export function consumeSignInLink(token: string) {
  return callByName('auth.consumeSignInLink', 'POST /api/v1/sign_in_links/consume', {
    body: resourceBody('sign_in_links', { token, time_zone: browserTimeZone(), referral: storedReferral() }),
    redirectOnStatus: false,
  });
}

/**
 * POST /invites/accept: signs the invited person in and joins the team; meta.already_member when the browser is
 * signed in as someone on the team already. 410 when no longer valid or expired, 409 already_member when they
 * are on the team but signed in elsewhere.
 */
export function acceptInvite(token: string) {
  return callByName('teams.acceptInvite', 'POST /api/v1/invites/accept', {
    body: resourceBody('invites', { token, time_zone: browserTimeZone(), referral: storedReferral() }),
    redirectOnStatus: false,
  });
}

/** POST /invites/renewal_requests: the admin who sent an expired invite is asked for a new one. */
export function requestNewInvite(token: string) {
  return callByName('teams.requestInviteRenewal', 'POST /api/v1/invites/renewal_requests', {
    body: resourceBody('invite_renewal_requests', { token }),
    redirectOnStatus: false,
  });
}

/** POST /auth/demo: signs the browser in as a demo user (in the browser's time zone). */
export function startDemo() {
  return callByName('auth.demo', 'POST /api/v1/auth/demo', {
    body: resourceBody('sessions', { time_zone: browserTimeZone() }),
  });
}

/** 'Try the demo': once signed in, the user is loaded and the app opens. */
export function useStartDemo() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: startDemo,
    // The answer is the signed-in user, as GET /users has it: the app opens without asking again.
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.currentUser, toCurrentUser(answer.data));
      navigate(APP_HOME);
    },
  });
}
