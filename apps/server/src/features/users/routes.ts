import { currentUserDocument, isValidTimeZone, userDocument } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../auth/sessions';
import { users } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { AppError } from '../../http/errors';
import { document, resourceBody } from '../../http/jsonapi';
import { disconnectUser } from '../../realtime/broadcast';
import { requestAutoBalance } from '../autobalance/request';
import { clearOptOut } from '../communications/opt-outs';
import { removeUpcomingReportEvents } from '../daily-report-events/report-event';
import { refreshSlackSnooze } from '../slack/snooze';
import { afterMemberLeft } from '../teams/members';
import { loadUserResource } from './profile';

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

const userAttributes = z
  .object({
    first_name: z.string().trim().max(100),
    last_name: z.string().trim().max(100),
    time_zone: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Paris'),
    onboarded: z.boolean(),
    goal_ids: z.array(z.number().int().positive()).max(50),
    wellness_block_color_preference: z.string().max(32).nullable(),
    daily_report_card_events: z.boolean(),
    dnd_slack: z.boolean(),
    annual_salary: z.number().int().min(0).max(100_000_000),
    domains_allowlist: z
      .array(z.string().trim().toLowerCase().regex(domainPattern, 'must be a valid email domain'))
      .max(200)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a domain'),
    communication_prefs: z
      .object({
        email_reminders: z.boolean(),
        email_weekly_reports: z.boolean(),
        email_tips: z.boolean(),
        all_communications: z.boolean(),
        email_if_organizer: z.boolean(),
      })
      .partial(),
  })
  .partial()
  .strict();

export const userRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user (with session=optional, data null for a visitor instead of a 401)',
        querystring: z.object({ session: z.enum(['optional']).optional() }),
        response: { 200: currentUserDocument },
      },
    },
    async (request) => {
      // The web app asks on every page whether someone is signed in: a visitor is an answer, not an error.
      if (!request.auth && request.query.session === 'optional')
        return { data: null, meta: { signed_in: false } };
      const { user } = requireAuth(request);
      return document(await loadUserResource(ctx.db, user, ctx.now()), { signed_in: true });
    },
  );

  app.patch(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the signed-in user',
        response: { 200: userDocument },
        body: resourceBody('users', userAttributes),
      },
    },
    async (request) => {
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
      const [updated] = await ctx.db
        .update(users)
        .set({
          ...(a.first_name !== undefined && { firstName: a.first_name }),
          ...(a.last_name !== undefined && { lastName: a.last_name }),
          ...(a.time_zone !== undefined && { timeZone: a.time_zone }),
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
        .where(eq(users.id, user.id))
        .returning();
      // Mail switched (back) on: an unsubscribe of this address must not keep dropping it unseen.
      if (Object.values(a.communication_prefs ?? {}).includes(true)) await clearOptOut(ctx, updated!.email);
      if (a.domains_allowlist !== undefined) await requestAutoBalance(ctx, user.id);
      if (a.dnd_slack !== undefined) await refreshSlackSnooze(ctx, updated!);
      if (a.daily_report_card_events === false) await removeUpcomingReportEvents(ctx, updated!);
      return document(await loadUserResource(ctx.db, updated!, ctx.now()));
    },
  );

  app.delete(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the signed-in account (needs confirm=true)',
        querystring: z.object({
          confirm: z.literal('true', { error: 'Pass confirm=true to delete the account.' }),
        }),
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      // Cascades remove sessions, identities, calendars, meetings and settings at once.
      await ctx.db.delete(users).where(eq(users.id, user.id));
      // Their team's reports no longer count them, in any period.
      if (user.companyId) await afterMemberLeft(ctx, user.companyId);
      await disconnectUser(ctx.pubsub, user.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );
};
