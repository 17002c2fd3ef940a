import { SETTING_LABELS } from '@meetwell/domain';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { syncJobKey } from '../../calendars/sync/sync-calendar.job';
import { markSyncQueued } from '../../calendars/sync/sync-state';
import { calendars, synchronizations } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { AppError } from '../../http/errors';
import { document, JSON_API, resource } from '../../http/jsonapi';
import { currentWeek, parsePeriod, periodQuerySchema } from '../../http/period';
import { listMeetingsJson } from './list-json';
import { presentMeetings } from './presenter';
import { findOwnMeeting, isFirstSyncRunning } from './queries';

/** What one read of a period may return; a busier period is asked for in shorter ones. */
export const MAX_MEETINGS_PER_REQUEST = 5_000;

const periodQuery = periodQuerySchema.refine(
  (q) => Boolean(q['by_period[starts_at]']) === Boolean(q['by_period[ends_at]']),
  'by_period[starts_at] and by_period[ends_at] go together',
);

const idParams = z.object({ id: z.uuid({ error: 'must be a meeting id' }) });

export const meetingRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/meetings',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Meetings of a period (204 while its first sync runs)',
        querystring: periodQuery,
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { from, to } = parsePeriod(request.query, currentWeek(ctx.now()));
      const list = await listMeetingsJson(ctx.pool, user.id, from, to, MAX_MEETINGS_PER_REQUEST + 1);
      if (list.count > MAX_MEETINGS_PER_REQUEST) {
        throw new AppError('validation_failed', [
          {
            detail: `This period holds more than ${MAX_MEETINGS_PER_REQUEST.toLocaleString('en-US')} meetings: ask for a shorter one.`,
            parameter: 'by_period[ends_at]',
          },
        ]);
      }
      if (list.count === 0 && (await isFirstSyncRunning(ctx.db, user.id, from, to)))
        return reply.code(204).send();
      // PostgreSQL built the data array: it goes out as it came, never parsed and serialised again here.
      const meta = JSON.stringify({ starts_at: from.toISOString(), ends_at: to.toISOString() });
      return reply.type(JSON_API).send(`{"data":${list.data},"meta":${meta}}`);
    },
  );

  const showMeeting = async (request: { params: { id: string } } & Parameters<typeof requireAuth>[0]) => {
    const { user } = requireAuth(request);
    const row = await findOwnMeeting(ctx.db, user.id, request.params.id);
    const [presented] = await presentMeetings(ctx.db, [row]);
    return document(presented);
  };
  app.get(
    '/api/v1/meetings/:id',
    { schema: { tags: ['meetings'], summary: 'One meeting', params: idParams } },
    showMeeting,
  );
  app.get(
    '/api/v1/users/meetings/:id',
    { schema: { tags: ['meetings'], summary: "One meeting from the user's side", params: idParams } },
    showMeeting,
  );

  app.get(
    '/api/v1/meetings/:id/evaluation',
    { schema: { tags: ['meetings'], summary: "A meeting's evaluation", params: idParams } },
    async (request) => {
      const { user } = requireAuth(request);
      const m = await findOwnMeeting(ctx.db, user.id, request.params.id);
      return document(
        resource('evaluations', m.id, {
          score: m.score,
          quality_label: m.qualityLabel,
          letter_grade: m.evaluation
            ? ((m.evaluation as { letter_grade?: string }).letter_grade ?? null)
            : null,
          results: m.evaluation?.results ?? {},
          details_positive: m.evaluation?.details_positive ?? [],
          details_negative: m.evaluation?.details_negative ?? [],
          details_maybe: m.evaluation?.details_maybe ?? [],
          evaluated_at: m.evaluatedAt?.toISOString() ?? null,
        }),
      );
    },
  );

  app.get(
    '/api/v1/meetings/:id/evaluation/progress',
    { schema: { tags: ['meetings'], summary: 'Per-rule results of a meeting, as a list', params: idParams } },
    async (request) => {
      const { user } = requireAuth(request);
      const m = await findOwnMeeting(ctx.db, user.id, request.params.id);
      const results = m.evaluation?.results ?? {};
      return document(
        Object.entries(results).map(([rule, r]) =>
          resource('evaluation_progress', `${m.id}:${rule}`, {
            rule,
            label: SETTING_LABELS[rule as keyof typeof SETTING_LABELS]?.label ?? rule,
            ...r,
          }),
        ),
      );
    },
  );

  /** Re-syncs every watched calendar (unless one is syncing); says whether one was running. */
  const resync = async (userId: string, start: boolean) => {
    const watched = await ctx.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.userId, userId), eq(calendars.watching, true)));
    const inProgress = watched.some((c) => c.syncStatus === 'running' || c.syncStatus === 'queued');
    if (start && !inProgress) {
      for (const calendar of watched) {
        await markSyncQueued(ctx.db, calendar.id);
        await ctx.jobs.enqueue(
          'sync_calendar',
          { calendarId: calendar.id, mode: 'full' },
          { jobKey: syncJobKey(calendar.id) },
        );
      }
    }
    return document(
      resource('synchronizations', userId, {
        in_progress: inProgress,
        started: start && !inProgress && watched.length > 0,
        calendars: watched.length,
      }),
    );
  };

  app.get(
    '/api/v1/meetings/sync',
    {
      // confirmed=true starts a re-sync: checked like a POST (CSRF header for browser sessions).
      config: { changesState: (request) => (request.query as { confirmed?: string }).confirmed === 'true' },
      schema: {
        tags: ['calendars'],
        summary: 'Re-sync every watched calendar (confirmed=true), or ask whether one is running',
        querystring: z.object({
          confirmed: z.enum(['true', 'false']).optional(),
          period: z.string().max(40).optional(),
        }),
      },
    },
    async (request) => resync(requireAuth(request).user.id, request.query.confirmed === 'true'),
  );

  app.post(
    '/api/v1/meetings/sync',
    { schema: { tags: ['calendars'], summary: 'Re-sync every watched calendar (unless one is running)' } },
    async (request) => resync(requireAuth(request).user.id, true),
  );

  app.get(
    '/api/v1/synchronizations',
    {
      schema: { tags: ['calendars'], summary: 'Recent calendar synchronizations and whether one is running' },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await ctx.db
        .select()
        .from(synchronizations)
        .where(eq(synchronizations.userId, user.id))
        .orderBy(desc(synchronizations.startedAt))
        .limit(20);
      const watched = await ctx.db
        .select()
        .from(calendars)
        .where(and(eq(calendars.userId, user.id), eq(calendars.watching, true)));
      return document(
        rows.map((s) =>
          resource('synchronizations', s.id, {
            calendar_id: s.calendarId,
            kind: s.kind,
            status: s.status,
            period_start: s.periodStart?.toISOString() ?? null,
            period_end: s.periodEnd?.toISOString() ?? null,
            events_seen: s.eventsSeen,
            error: s.error,
            started_at: s.startedAt.toISOString(),
            finished_at: s.finishedAt?.toISOString() ?? null,
          }),
        ),
        {
          syncing: watched.some((c) => c.syncStatus === 'running' || c.syncStatus === 'queued'),
          needs_permission: watched.some((c) => c.needsPermission),
          synced_from: minDate(watched.map((c) => c.syncedFrom)),
          synced_to: maxDate(watched.map((c) => c.syncedTo)),
        },
      );
    },
  );
};

const minDate = (dates: (Date | null)[]) => {
  const values = dates.filter((d): d is Date => Boolean(d)).map((d) => d.getTime());
  return values.length ? new Date(Math.min(...values)).toISOString() : null;
};
const maxDate = (dates: (Date | null)[]) => {
  const values = dates.filter((d): d is Date => Boolean(d)).map((d) => d.getTime());
  return values.length ? new Date(Math.max(...values)).toISOString() : null;
};
