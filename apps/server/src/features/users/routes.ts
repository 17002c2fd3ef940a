import { userEndpoints } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../auth/sessions';
import { users } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document } from '../../http/jsonapi';
import { disconnectUser } from '../../realtime/broadcast';
import { requestAutoBalance } from '../autobalance/request';
import { clearOptOut } from '../communications/opt-outs';
import { removeUpcomingReportEvents } from '../daily-report-events/report-event';
import { refreshSlackSnooze } from '../slack/snooze';
import { afterMemberLeft } from '../teams/members';
import { loadUserResource } from './profile';
import { adoptTimeZone } from './time-zone';

export const userRoutes: FeatureRoutes = (app, ctx) => {
  route(app, userEndpoints.current, async (request) => {
    // The web app asks on every page whether someone is signed in: a visitor is an answer, not an error.
    if (!request.auth && request.query.session === 'optional')
      return { data: null, meta: { signed_in: false } };
    const { user } = requireAuth(request);
    return document(await loadUserResource(ctx.db, user, ctx.now()), { signed_in: true });
  });

  route(app, userEndpoints.update, async (request) => {
    const { user } = requireAuth(request);
    const a = request.body.data.attributes;
    if (a.dnd_slack !== undefined && user.dndSlack === null) {
      throw new AppError('validation_failed', [
        {
          detail: 'Connect Slack before turning do-not-disturb on or off.',
          pointer: '/data/attributes/dnd_slack',
        },
      ]);
    }
    const zoned = await adoptTimeZone(ctx, user, a.time_zone);
    const [updated] = await ctx.db
      .update(users)
      .set({
        ...(a.first_name !== undefined && { firstName: a.first_name }),
        ...(a.last_name !== undefined && { lastName: a.last_name }),
        ...(a.onboarded !== undefined && { onboarded: a.onboarded }),
        ...(a.goal_ids !== undefined && { goalIds: a.goal_ids }),
        ...(a.wellness_block_color_preference !== undefined && {
          wellnessBlockColorPreference: a.wellness_block_color_preference,
        }),
        ...(a.daily_report_card_events !== undefined && {
          dailyReportCardEvents: a.daily_report_card_events,
        }),
        ...(a.dnd_slack !== undefined && { dndSlack: a.dnd_slack }),
        ...(a.annual_salary !== undefined && { annualSalary: a.annual_salary }),
        ...(a.domains_allowlist !== undefined && { domainsAllowlist: a.domains_allowlist }),
        ...(a.communication_prefs !== undefined && {
          communicationPrefs: { ...user.communicationPrefs, ...a.communication_prefs },
        }),
        updatedAt: ctx.now(),
      })
      .where(eq(users.id, zoned.id))
      .returning();
    // Mail switched (back) on: an unsubscribe of this address must not keep dropping it unseen.
    if (Object.values(a.communication_prefs ?? {}).includes(true)) await clearOptOut(ctx, updated!.email);
    if (a.domains_allowlist !== undefined) await requestAutoBalance(ctx, user.id);
    if (a.dnd_slack !== undefined) await refreshSlackSnooze(ctx, updated!);
    if (a.daily_report_card_events === false) await removeUpcomingReportEvents(ctx, updated!);
    return document(await loadUserResource(ctx.db, updated!, ctx.now()));
  });

  route(app, userEndpoints.remove, async (request, reply) => {
    const { user } = requireAuth(request);
    // Cascades remove sessions, identities, calendars, meetings and settings at once.
    await ctx.db.delete(users).where(eq(users.id, user.id));
    // Their team's reports no longer count them, in any period.
    if (user.companyId) await afterMemberLeft(ctx, user.companyId);
    await disconnectUser(ctx.pubsub, user.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send(null);
  });
};
