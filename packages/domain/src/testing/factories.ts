/** Test data factories (used by *.test.ts only; not exported from the package). */
import type { OtherMeetingInput } from '../conflicts/meeting-conflicts';
import type { BlockOccurrence, WellnessBlockInput } from '../conflicts/wellness-blocks';
import type { MeetingInput } from '../evaluation/types';
import type { ReportMeetingRow } from '../reports/rows';
import { DEFAULT_EVALUATION_SETTINGS, type EvaluationSettings } from '../settings/settings';

export const T0 = Date.UTC(2025, 2, 10, 15, 0); // Monday 2025-03-10 15:00 UTC
export const MIN = 60_000;
export const HOUR = 3_600_000;

/** A meeting that passes every default evaluation rule. */
export function meeting(overrides: Partial<MeetingInput> = {}): MeetingInput {
  return {
    id: 'm1',
    eventKey: 'e1',
    summary: 'Weekly sync',
    startsAt: T0,
    endsAt: T0 + 30 * MIN,
    status: 'confirmed',
    attendeesCount: 4,
    organizerEmail: 'boss@acme.com',
    invitedAt: T0 - 72 * HOUR,
    intention: 'information',
    location: 'Room 1',
    agendaItems: [{ status: 'active' }],
    objectives: [{ status: 'active' }],
    preworkItems: [],
    responseStatus: 'needsAction',
    userOptional: false,
    ...overrides,
  };
}

export function settings(overrides: Partial<EvaluationSettings> = {}): EvaluationSettings {
  return { ...DEFAULT_EVALUATION_SETTINGS, ...overrides };
}

export function occurrence(overrides: Partial<BlockOccurrence> = {}): BlockOccurrence {
  return { blockId: 'b1', label: 'Deep work', category: 'focus', start: T0, end: T0 + HOUR, ...overrides };
}

export function other(overrides: Partial<OtherMeetingInput> = {}): OtherMeetingInput {
  return {
    id: 'm2',
    eventKey: 'e2',
    summary: 'Design review',
    startsAt: T0,
    endsAt: T0 + HOUR,
    status: 'confirmed',
    responseStatus: 'accepted',
    userIsOrganizer: false,
    ...overrides,
  };
}

export function block(overrides: Partial<WellnessBlockInput> = {}): WellnessBlockInput {
  return {
    id: 'b1',
    label: 'Deep work',
    category: 'focus',
    rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    // Monday 2025-03-03 09:00–10:00 in New York (EST, UTC-5).
    startsAt: Date.UTC(2025, 2, 3, 14, 0),
    endsAt: Date.UTC(2025, 2, 3, 15, 0),
    timeZone: 'America/New_York',
    recurring: true,
    ...overrides,
  };
}

let nextRow = 0;
export function row(overrides: Partial<ReportMeetingRow> = {}): ReportMeetingRow {
  nextRow++;
  return {
    eventId: `ev${nextRow}`,
    meetingId: `m${String(nextRow).padStart(4, '0')}`,
    startsAt: T0,
    endsAt: T0 + HOUR,
    score: 80,
    attendeesCount: 4,
    organizerEmail: 'boss@acme.com',
    intention: 'information',
    recurring: false,
    ...overrides,
  };
}
