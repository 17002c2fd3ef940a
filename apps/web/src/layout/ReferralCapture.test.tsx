import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_COOKIE } from '../lib/constants';
import { readCookie } from '../lib/cookies';
import { renderPage } from '../test/utils';
import { ReferralCapture } from './ReferralCapture';

afterEach(() => {
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = `${REFERRAL_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
});

describe('ReferralCapture', () => {
  it('keeps ?ref= for 25 days in the MWReferralToken cookie, path /, SameSite=Lax', () => {
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    const before = Date.now();
    renderPage(<ReferralCapture />, { path: '/?ref=friend_42' });
    expect(readCookie(REFERRAL_COOKIE)).toBe('friend_42');
    const cookie = String(written.mock.calls.at(-1)?.[0]);
    expect(cookie).toMatch(/^MWReferralToken=friend_42; /);
    expect(cookie).toContain('; Path=/');
    expect(cookie).toContain('; SameSite=Lax');
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires - before).toBeGreaterThan(25 * 86_400_000 - 60_000);
    expect(expires - before).toBeLessThanOrEqual(25 * 86_400_000 + 1_000);
  });

  it('reads ?referral= too', () => {
    renderPage(<ReferralCapture />, { path: '/pricing?referral=abc-9' });
    expect(readCookie(REFERRAL_COOKIE)).toBe('abc-9');
  });

  it('keeps the first link used: a later one does not replace it', () => {
    renderPage(<ReferralCapture />, { path: '/?ref=first_1' });
    renderPage(<ReferralCapture />, { path: '/?ref=second_2' });
    expect(readCookie(REFERRAL_COOKIE)).toBe('first_1');
  });

  it('keeps nothing that is not a token', () => {
    renderPage(<ReferralCapture />, { path: `/?ref=${encodeURIComponent('<script>')}` });
    expect(readCookie(REFERRAL_COOKIE)).toBeNull();
  });
});
