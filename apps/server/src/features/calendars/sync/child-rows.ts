import type { BulkColumn } from '../../../db/bulk';
import type { PreparedEvent } from './meeting-row';

type AgendaRow = { meetingId: string; description: string; durationInMins: number | null; position: number };
type ObjectiveRow = { meetingId: string; description: string; position: number };
type PreworkRow = { meetingId: string; description: string; url: string | null; position: number };

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
  agenda: AgendaRow[];
  objectives: ObjectiveRow[];
  prework: PreworkRow[];
};

/** The items parsed from the description of one stored meeting (its attendees are on its row). */
export function addChildRows(into: ChildRows, meetingId: string, p: PreparedEvent) {
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

export const noChildRows = (): ChildRows => ({ agenda: [], objectives: [], prework: [] });
