import {
  detectConferenceLink,
  detectIntention,
  detectPossibleWellnessBlock,
  parseDescription,
} from '@meetwell/domain';
import type { CalendarEvent } from '../../../calendars/types';

/** What we derive from a provider event for its owner, with the rules of packages/domain. */
export function describeEvent(event: CalendarEvent, ownerEmail: string) {
  const owner = ownerEmail.toLowerCase();
  const parsed = parseDescription(event.description);
  const self = event.attendees.find((a) => a.self || a.email.toLowerCase() === owner);
  const organizerEmail = (
    event.organizer?.email ??
    event.attendees.find((a) => a.organizer)?.email ??
    owner
  ).toLowerCase();
  const userIsOrganizer = organizerEmail === owner;
  const people = new Set(event.attendees.map((a) => a.email.toLowerCase()));
  people.add(organizerEmail);
  people.add(owner);
  const possibleBlock = detectPossibleWellnessBlock(
    {
      summary: event.summary,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      allDay: event.allDay,
      status: event.status,
      recurringMeeting: Boolean(event.recurringEventId),
      organizerEmail,
      attendeesCount: people.size,
    },
    owner,
  );
  return {
    organizerEmail,
    responseStatus:
      userIsOrganizer && (!self || self.responseStatus === 'needsAction')
        ? 'accepted'
        : (self?.responseStatus ?? 'accepted'),
    userOptional: self?.optional ?? false,
    attendeesCount: people.size,
    conferenceUrl:
      event.conferenceUrl ??
      parsed.conference?.url ??
      detectConferenceLink(event.location ?? '')?.url ??
      null,
    intention: detectIntention(event.summary),
    maybeWellnessBlock: Boolean(possibleBlock) && !event.appMarker,
    maybeWellnessBlockCategory: possibleBlock?.category ?? null,
    agenda: parsed.agendaItems.map((i) => ({
      description: i.description,
      durationInMins: i.duration_in_mins,
    })),
    objectives: parsed.objectives.map((o) => o.description),
    prework: parsed.preworkItems.map((p) => ({ description: p.description, url: p.url })),
    itemsLeftOut: parsed.itemsLeftOut,
  };
}
