import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi';

/** GET /users/referrals: the person's referral link and what it brought. */
export const referralAttributes = z.object({
  referral_url: z.string(),
  referred_count: z.number(),
  paying_count: z.number(),
  /** Dollars a month. */
  monthly_commission: z.number(),
  commission_per_paying_referral: z.number(),
});
export type ReferralAttributes = z.infer<typeof referralAttributes>;
export const referralDocument = documentSchema(resourceSchema('referrals', referralAttributes));
