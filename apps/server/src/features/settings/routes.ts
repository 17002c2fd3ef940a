import { DEFAULT_EVALUATION_SETTINGS, effectiveSettings, settingsEndpoints } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { isTeamAdmin } from '../../auth/policies';
import type { AppContext } from '../../context';
import { companies, userSettings, users } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { requestAutoBalance } from '../autobalance/request';
import { reevaluateUserJobKey } from '../evaluation/reevaluate-user.job';

type UserRow = typeof users.$inferSelect;

export async function loadSettings(ctx: AppContext, user: UserRow) {
  const [own] = await ctx.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
  const [company] = user.companyId
    ? await ctx.db.select().from(companies).where(eq(companies.id, user.companyId))
    : [];
  const effective = effectiveSettings({
    inTeam: Boolean(company),
    teamEvaluationSettings: company?.evaluationSettings,
    userEvaluationSettings: own?.evaluationSettings,
    teamActionSettings: company?.actionSettings,
    userActionSettings: own?.actionSettings,
  });
  return { effective, own, company };
}

/** Whether the user is an admin of their own team (auth/policies.ts). */
export function isCompanyAdmin(ctx: AppContext, user: UserRow) {
  return isTeamAdmin(ctx.db, user.id, user.companyId);
}

async function presentSettings(ctx: AppContext, user: UserRow) {
  const { effective } = await loadSettings(ctx, user);
  return resource('user_settings', user.id, {
    action_settings: effective.action,
    evaluation_settings: effective.evaluation,
    default_action_settings: effective.defaultAction,
    default_evaluation_settings: DEFAULT_EVALUATION_SETTINGS,
    can_edit_evaluation_settings: await isCompanyAdmin(ctx, user),
  });
}

export const settingsRoutes: FeatureRoutes = (app, ctx) => {
  route(app, settingsEndpoints.show, async (request) => {
    const { user } = requireAuth(request);
    return document(await presentSettings(ctx, user));
  });

  route(app, settingsEndpoints.update, async (request) => {
    const { user } = requireAuth(request);
    const { action_settings, evaluation_settings } = request.body.data.attributes;
    const { own, company } = await loadSettings(ctx, user);
    if (action_settings) {
      await ctx.db
        .insert(userSettings)
        .values({ userId: user.id, actionSettings: action_settings })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: {
            actionSettings: { ...(own?.actionSettings ?? {}), ...action_settings },
            updatedAt: ctx.now(),
          },
        });
    }
    if (evaluation_settings) {
      if (!company || !(await isCompanyAdmin(ctx, user))) {
        throw new AppError(
          'forbidden',
          'Locked! You cannot make changes. Only administrators can edit evaluation settings; contact your billing admin.',
        );
      }
      await ctx.db
        .update(companies)
        .set({
          evaluationSettings: { ...(company.evaluationSettings ?? {}), ...evaluation_settings },
          updatedAt: ctx.now(),
        })
        .where(eq(companies.id, company.id));
      const members = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.companyId, company.id));
      for (const member of members) {
        await ctx.jobs.enqueue(
          'reevaluate_user',
          { userId: member.id },
          { jobKey: reevaluateUserJobKey(member.id) },
        );
      }
    }
    // New action settings change what auto-balance does to the user's future meetings.
    if (action_settings) await requestAutoBalance(ctx, user.id);
    return document(await presentSettings(ctx, user));
  });
};
