import type { MeetingInput } from '@meetwell/domain';
import type { meetings } from '../../db/schema';
import type { OtherMeetingRow } from './other-meetings';

type MeetingRow = typeof meetings.$inferSelect;

/** A stored (or about to be stored) meeting, as the rules read it: scoring's columns, and auto-balance's when read. */
export type MeetingInputRow = OtherMeetingRow &
  Pick<MeetingRow, 'location' | 'conferenceUrl' | 'invitedAt' | 'intention' | 'eventReportCardId'> &
  Partial<Pick<MeetingRow, 'userOptional' | 'recurringMeeting'>>;

/** The statuses of a meeting's items (the preparation rules count the open ones). */
export type ItemStatuses = {
  agendaItems: readonly { status: string }[];
  objectives: readonly { status: string }[];
  preworkItems: readonly { status: string }[];
};

/**
 * The one mapping of a meeting row to the domain's MeetingInput, for scoring and for auto-balance alike, so
 * that what auto-balance decides on is what the person's score says. The description is left out: its video
 * link was searched for when the event was stored (conferenceUrl), and a whole description per meeting is
 * the heaviest column to read.
 */
export function toMeetingInput(m: MeetingInputRow, items: ItemStatuses): MeetingInput {
  return {
    id: m.id,
    eventKey: m.eventKey,
    summary: m.summary,
    description: null,
    location: m.location,
    conferenceUrl: m.conferenceUrl,
    startsAt: m.startsAt,
    endsAt: m.endsAt,
    allDay: m.allDay,
    status: m.status,
    attendeesCount: m.attendeesCount,
    organizerEmail: m.organizerEmail,
    responseStatus: m.responseStatus,
    userOptional: m.userOptional,
    recurringMeeting: m.recurringMeeting,
    invitedAt: m.invitedAt,
    intention: m.intention,
    skipEvaluation: m.skipEvaluation,
    maybeWellnessBlock: m.maybeWellnessBlock,
    wellnessBlockId: m.wellnessBlockId,
    eventReportCardId: m.eventReportCardId,
    ...items,
  };
}
