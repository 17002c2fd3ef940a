// Test data for the calendars and synchronizations resources (not imported by the app).
import type { CalendarItem } from './calendars';

/** A calendar as GET /calendars sends it: an ICS calendar, unless overridden. */
export function calendarResource(overrides: Partial<CalendarItem> & { id: string }) {
  const { id, ...attributes } = overrides;
  return {
    id,
    type: 'calendars',
    attributes: {
      uuid: id,
      name: 'Work',
      provider: 'ics' as CalendarItem['provider'],
      external_id: `external-${id}`,
      color: '#1f78f7',
      primary: false,
      watching: true,
      can_write: false,
      source_url: null,
      sync_status: 'idle' as CalendarItem['sync_status'],
      sync_error: null,
      needs_permission: false,
      last_synced_at: null,
      connection_problem: null as CalendarItem['connection_problem'],
      connection_broken_at: null,
      import_report: null,
      ...attributes,
    },
  };
}

export function calendarsDocument(calendars: (Partial<CalendarItem> & { id: string })[]) {
  return { data: calendars.map(calendarResource) };
}

/** GET /synchronizations: no recent sync listed; whether one runs. */
export function synchronizationsDocument(syncing = false) {
  return {
    data: [],
    meta: { syncing, needs_permission: false, synced_from: null, synced_to: null },
  };
}
