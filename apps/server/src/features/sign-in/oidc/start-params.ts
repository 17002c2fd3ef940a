import { isValidTimeZone, REFERRAL_TOKEN_KEY } from '@meetwell/domain';

export const REFERRAL_COOKIE = REFERRAL_TOKEN_KEY;

/**
 * Where to send the browser after sign-in: only a path of this site ("/my/review?week=2"), never another origin,
 * a protocol-relative "//host" or a backslash trick that browsers read as one.
 */
export function safeReturnPath(origin: string | undefined, appUrl: string): string | undefined {
  if (!origin || origin.length > 2048 || !origin.startsWith('/') || origin.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(origin)) return undefined;
  try {
    const base = new URL(appUrl);
    const resolved = new URL(origin, base);
    if (resolved.origin !== base.origin) return undefined;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return undefined;
  }
}

export function browserTimeZone(value: string | undefined): string | undefined {
  return value && isValidTimeZone(value) ? value : undefined;
}

/** Referral tokens are the affiliate tokens we mint: short and URL-safe. Anything else is ignored. */
export function referralToken(value: string | undefined): string | undefined {
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}
