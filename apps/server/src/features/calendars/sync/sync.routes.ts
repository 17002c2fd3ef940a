import { synchronizationEndpoints } from '@meetwell/domain';
import { type FeatureRoutes, requireAuth } from '../../../http/app';
import { route } from '../../../http/endpoint';
import { document, resource } from '../../../http/jsonapi';
import { resyncWatchedCalendars, syncOverview } from './resync';

/** A person's re-sync of all their calendars, and what the recent synchronizations did. */
export const syncRoutes: FeatureRoutes = (app, ctx) => {
  const resync = async (userId: string, start: boolean) => {
    const result = await resyncWatchedCalendars(ctx, userId, start);
    return document(
      resource('synchronizations', userId, {
        in_progress: result.inProgress,
        started: result.started,
        calendars: result.calendars,
      }),
    );
  };

  route(
    app,
    synchronizationEndpoints.resyncStatus,
    async (request) => resync(requireAuth(request).user.id, request.query.confirmed === 'true'),
    // confirmed=true starts a re-sync: checked like a POST (CSRF header for browser sessions).
    { config: { changesState: (request) => (request.query as { confirmed?: string }).confirmed === 'true' } },
  );

  route(app, synchronizationEndpoints.resync, async (request) => resync(requireAuth(request).user.id, true));

  route(app, synchronizationEndpoints.list, async (request) => {
    const { user } = requireAuth(request);
    const overview = await syncOverview(ctx, user.id);
    return document(
      overview.recent.map((s) =>
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
        syncing: overview.syncing,
        needs_permission: overview.needsPermission,
        synced_from: overview.syncedFrom?.toISOString() ?? null,
        synced_to: overview.syncedTo?.toISOString() ?? null,
      },
    );
  });
};
