import { REFERRAL_COMMISSION_PER_MONTH, referralEndpoints } from '@meetwell/domain';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document, resource } from '../../http/jsonapi';
import { referralSummary } from './referrals';

export const referralRoutes: FeatureRoutes = (app, ctx) => {
  route(app, referralEndpoints.show, async (request) => {
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
  });
};
