import type { CalendarRow } from '../../calendars/connection';
import { resource } from '../../http/jsonapi';

/** A calendar as the API shows it: the source address only for the kinds a person typed one for. */
export function presentCalendar(calendar: CalendarRow) {
  return resource('calendars', calendar.id, {
    uuid: calendar.id,
    name: calendar.name,
    provider: calendar.provider,
    external_id: calendar.externalId,
    color: calendar.color,
    primary: calendar.isPrimary,
    watching: calendar.watching,
    can_write: calendar.canWrite,
    source_url: calendar.provider === 'caldav' || calendar.provider === 'ics' ? calendar.sourceUrl : null,
    sync_status: calendar.syncStatus,
    sync_error: calendar.syncError,
    needs_permission: calendar.needsPermission,
    last_synced_at: calendar.lastSyncedAt?.toISOString() ?? null,
    connection_problem: calendar.connectionProblem ?? null,
    connection_broken_at: calendar.connectionBrokenAt?.toISOString() ?? null,
    import_report: calendar.importReport ?? null,
  });
}
