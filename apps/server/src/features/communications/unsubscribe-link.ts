import { createHmac } from 'node:crypto';
import { communicationEndpoints } from '@meetwell/domain';
import type { AppContext } from '../../context';
import { safeEqual } from '../../lib/crypto';

/** The one-click address of RFC 8058: a POST here opts the signed address out, a GET only leads to the page. */
export const ONE_CLICK_PATH = communicationEndpoints.unsubscribe.path;
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** Addresses are signed and compared as one spelling: trimmed and lower-case. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

/**
 * HMAC-SHA256 of the address under a key derived from SECRET_KEY for this purpose alone, base64url. Whoever
 * holds it got it from a mail to that address: it proves control of the address without a table or expiry
 * (links in old mails keep working; replacing SECRET_KEY voids them all).
 */
export function unsubscribeSignature(ctx: Pick<AppContext, 'secrets'>, email: string): string {
  return createHmac('sha256', ctx.secrets.derive('email-unsubscribe'))
    .update(`unsubscribe:${normalizeAddress(email)}`)
    .digest('base64url');
}

export function isValidUnsubscribeSignature(
  ctx: Pick<AppContext, 'secrets'>,
  email: string,
  signature: string,
): boolean {
  return safeEqual(signature, unsubscribeSignature(ctx, email));
}

function signedQuery(ctx: Pick<AppContext, 'secrets'>, email: string): string {
  const address = normalizeAddress(email);
  return `e=${encodeURIComponent(address)}&sig=${unsubscribeSignature(ctx, address)}`;
}

/** The List-Unsubscribe target: POST acts at once (one click in the mail client), GET leads to the page. */
export function oneClickUnsubscribeUrl(ctx: Pick<AppContext, 'secrets' | 'config'>, email: string): string {
  return `${ctx.config.appUrl}${ONE_CLICK_PATH}?${signedQuery(ctx, email)}`;
}

/** The page where a person confirms with a button (the mail's footer link and the confirmation mail). */
export function signedUnsubscribePageUrl(ctx: Pick<AppContext, 'secrets' | 'config'>, email: string): string {
  return `${ctx.config.appUrl}${UNSUBSCRIBE_PAGE_PATH}?${signedQuery(ctx, email)}`;
}

/** The same page path for a redirect from the API (same origin). */
export const signedUnsubscribePagePath = (ctx: Pick<AppContext, 'secrets'>, email: string) =>
  `${UNSUBSCRIBE_PAGE_PATH}?${signedQuery(ctx, email)}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Templates hold no secret: their footer links to the page by address (`/unsubscribe?email=…`, which alone
 * only offers the bare form). Before a mail is stored or sent, every such link becomes the recipient's signed
 * page link, so each mail proves its own address whichever template wrote it.
 */
export function signFooterLinks(
  ctx: Pick<AppContext, 'secrets' | 'config'>,
  to: string,
  body: { html: string; text: string },
): { html: string; text: string } {
  const unsigned = new RegExp(
    `${escapeRegExp(ctx.config.appUrl)}${UNSUBSCRIBE_PAGE_PATH}\\?email=[^"'<>\\s\\])&]*`,
    'g',
  );
  const signed = signedUnsubscribePageUrl(ctx, to);
  return {
    html: body.html.replace(unsigned, () => signed.replaceAll('&', '&amp;')),
    text: body.text.replace(unsigned, () => signed),
  };
}
