import type { BulkColumn } from '../../../db/bulk';
import type { attendees } from '../../../db/schema';
import type { PreparedEvent } from './meeting-row';

type AttendeeRow = typeof attendees.$inferInsert;
type AgendaRow = { meetingId: string; description: string; durationInMins: number | null; position: number };
type ObjectiveRow = { meetingId: string; description: string; position: number };
type PreworkRow = { meetingId: string; description: string; url: string | null; position: number };

export const ATTENDEE_COLUMNS: readonly BulkColumn<AttendeeRow>[] = [
  ['meeting_id', 'uuid', (r) => r.meetingId],
  ['email', 'text', (r) => r.email],
  ['name', 'text', (r) => r.name ?? null],
  ['optional', 'boolean', (r) => r.optional ?? false],
  ['organizer', 'boolean', (r) => r.organizer ?? false],
  ['is_self', 'boolean', (r) => r.isSelf ?? false],
  ['response_status', 'text', (r) => r.responseStatus ?? 'needsAction'],
  ['role', 'text', (r) => r.role ?? null],
];
const PARSED = (): BulkColumn<{ meetingId: string; description: string; position: number }>[] => [
  ['meeting_id', 'uuid', (r) => r.meetingId],
  ['description', 'text', (r) => r.description],
  ['position', 'integer', (r) => r.position],
  ['source', 'text', () => 'parsed'],
];
export const AGENDA_COLUMNS: readonly BulkColumn<AgendaRow>[] = [
  ...PARSED(),
  ['duration_in_mins', 'integer', (r) => r.durationInMins],
];
export const OBJECTIVE_COLUMNS: readonly BulkColumn<ObjectiveRow>[] = PARSED();
export const PREWORK_COLUMNS: readonly BulkColumn<PreworkRow>[] = [
  ...PARSED(),
  ['url', 'text', (r) => r.url],
];

type ChildRows = {
  attendees: AttendeeRow[];
  agenda: AgendaRow[];
  objectives: ObjectiveRow[];
  prework: PreworkRow[];
};

/** The attendees (each address once) and the items parsed from the description of one stored meeting. */
export function addChildRows(into: ChildRows, meetingId: string, p: PreparedEvent, ownerEmail: string) {
  const emails = new Set<string>();
  const owner = ownerEmail.toLowerCase();
  for (const a of p.event.attendees) {
    const email = a.email.toLowerCase();
    if (emails.has(email)) continue;
    emails.add(email);
    into.attendees.push({
      meetingId,
      email,
      name: a.name ?? null,
      optional: a.optional,
      organizer: a.organizer,
      isSelf: a.self || email === owner,
      responseStatus: a.responseStatus,
      role: a.role ?? null,
    });
  }
  for (const [position, item] of p.described.agenda.entries()) {
    into.agenda.push({
      meetingId,
      description: item.description,
      durationInMins: item.durationInMins,
      position,
    });
  }
  for (const [position, description] of p.described.objectives.entries()) {
    into.objectives.push({ meetingId, description, position });
  }
  for (const [position, item] of p.described.prework.entries()) {
    into.prework.push({ meetingId, description: item.description, url: item.url, position });
  }
}

export const noChildRows = (): ChildRows => ({ attendees: [], agenda: [], objectives: [], prework: [] });
