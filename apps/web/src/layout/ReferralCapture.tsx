import { isReferralTokenShape } from '@meetwell/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '../lib/constants';
import { readCookie, writeCookie } from '../lib/cookies';

/**
 * ?ref= or ?referral= is kept 25 days in the MWReferralToken cookie; the server stores it as referred_by. The first
 * link used wins (as the referrals page promises): a later one does not replace a kept referral.
 */
export function ReferralCapture() {
  const [params] = useSearchParams();
  const token = params.get('ref') || params.get('referral');
  useEffect(() => {
    if (isReferralTokenShape(token) && !readCookie(REFERRAL_COOKIE))
      writeCookie(REFERRAL_COOKIE, token, REFERRAL_COOKIE_DAYS);
  }, [token]);
  return null;
}
