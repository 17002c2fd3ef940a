import { z } from 'zod';
import { endpoint } from './endpoint';
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

export const referralEndpoints = {
  show: endpoint({
    method: 'GET',
    path: '/api/v1/users/referrals',
    summary:
      "The signed-in person's referral link, how many signed up through it, how many of them pay, and the monthly commission ($2 per paying referral)",
    tags: ['users'],
    access: 'signed_in',
    whenDeactivated: true,
    response: { 200: referralDocument },
    errors: [],
  }),
};
