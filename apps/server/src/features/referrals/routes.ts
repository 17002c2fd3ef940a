import { REFERRAL_COMMISSION_PER_MONTH, referralDocument } from '@meetwell/domain';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document, resource } from '../../http/jsonapi';
import { referralSummary } from './referrals';

export const referralRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/users/referrals',
    {
      schema: {
        tags: ['users'],
        summary:
          "The signed-in person's referral link, how many signed up through it, how many of them pay, and the monthly commission ($2 per paying referral)",
        response: { 200: referralDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const summary = await referralSummary(ctx.db, user, ctx.config.appUrl);
      return document(
        resource('referrals', user.id, {
          referral_url: summary.referralUrl,
          referred_count: summary.referredCount,
          paying_count: summary.payingCount,
          monthly_commission: summary.monthlyCommission,
          commission_per_paying_referral: REFERRAL_COMMISSION_PER_MONTH,
        }),
      );
    },
  );
};
