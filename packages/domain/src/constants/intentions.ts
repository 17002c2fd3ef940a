/** Meeting intentions (both specs §3) and their labels. */
import { normalizeEmail } from '../validation/email';

export const MEETING_INTENTIONS = [
  'all_hands',
  'brainstorming',
  'consensus',
  'information',
  'kickoff',
  'one_on_one',
  'planning',
  'retrospective',
  'standup',
  'teambuilding',
] as const;

export type MeetingIntention = (typeof MEETING_INTENTIONS)[number];

export const MEETING_INTENTION_LABELS: Record<MeetingIntention, string> = {
  all_hands: 'All hands',
  brainstorming: 'Brainstorming',
  consensus: 'Decision making',
  information: 'Information sharing',
  kickoff: 'Kickoff',
  one_on_one: 'One on one',
  planning: 'Planning',
  retrospective: 'Retrospective',
  standup: 'Stand-up',
  teambuilding: 'Team building',
};

export function isMeetingIntention(value: unknown): value is MeetingIntention {
  return typeof value === 'string' && (MEETING_INTENTIONS as readonly string[]).includes(value);
}

/** The label of an intention, or null for none/unknown. */
export function intentionLabel(value: string | null | undefined): string | null {
  return isMeetingIntention(value) ? MEETING_INTENTION_LABELS[value] : null;
}

/**
 * Who may choose a meeting's intention: someone who can edit the event at its provider, or its organizer
 * (an imported, read-only calendar still has events the person organizes; the intention lives in the app).
 */
export function canChooseIntention(
  meeting: { editPermission: boolean | null | undefined; organizerEmail: string | null | undefined },
  personEmail: string,
): boolean {
  if (meeting.editPermission === true) return true;
  const organizer = normalizeEmail(meeting.organizerEmail ?? '');
  return organizer !== '' && organizer === normalizeEmail(personEmail);
}
