import {
  type ActionSettings,
  type EvaluationSettings,
  localEpochDay,
  localToUtc,
  type MAIL_PREVIEW_KINDS,
  type MeetingInput,
  SENTENCES,
  suggestImprovements,
  weekdayOfEpochDay,
} from '@meetwell/domain';
import type { users } from '../../db/schema';
import {
  declineWarningEmail,
  type MeetingFacts,
  organizerReminderEmail,
  type RenderedEmail,
} from '../mail/templates/messages';

/** The organizer's mails, previewed for an example meeting (the contract's list). */
export type PreviewKind = (typeof MAIL_PREVIEW_KINDS)[number];

type UserRow = typeof users.$inferSelect;

/** The organizer of the example meeting: a reserved domain, so the example can never reach anyone. */
export const EXAMPLE_ORGANIZER = 'organizer@example.com';
const EXAMPLE_SUMMARY = 'Weekly planning';
/** Stands in for the prevent-decline token of a real warning; the preview's link opens nothing. */
const EXAMPLE_PREVENT_TOKEN = 'example';

const MEETING_HOUR = 10;
const EXAMPLE_LENGTH_OVER_LIMIT_MINUTES = 30;

/** The next working day after tomorrow at 10:00 in the person's zone: far enough for a deadline to fall before it. */
export function exampleMeetingStart(timeZone: string, now: Date): Date {
  let day = localEpochDay(timeZone, now.getTime()) + 2;
  while ([0, 6].includes(weekdayOfEpochDay(day))) day += 1;
  return new Date(localToUtc(timeZone, day, MEETING_HOUR * 60));
}

/** The rules the example breaks, from the person's own standards where they set one. */
function exampleViolations(settings: Pick<ActionSettings, 'desired_duration' | 'last_minute_schedule'>) {
  const violations: string[] = [SENTENCES.agendaFail];
  if (settings.desired_duration) {
    violations.push(
      SENTENCES.durationFail(
        settings.desired_duration + EXAMPLE_LENGTH_OVER_LIMIT_MINUTES,
        settings.desired_duration,
      ),
    );
  }
  if (settings.last_minute_schedule) violations.push(SENTENCES.lastMinuteFail(settings.last_minute_schedule));
  return violations;
}

type PreviewSettings = {
  action: Pick<ActionSettings, 'desired_duration' | 'last_minute_schedule' | 'compliance_deadline'>;
  evaluation: EvaluationSettings;
};

/**
 * The example meeting as the rules read it, breaking the standards its mails name: no agenda, longer than
 * the desired length and sent at the last minute where the person set those; a video link and two people.
 */
export function exampleMeeting(
  user: Pick<UserRow, 'email'>,
  settings: PreviewSettings['action'],
  startsAt: Date,
  now: Date,
): MeetingInput {
  const minutes = settings.desired_duration
    ? settings.desired_duration + EXAMPLE_LENGTH_OVER_LIMIT_MINUTES
    : 60;
  const invitedAt = settings.last_minute_schedule ? new Date(startsAt.getTime() - 3_600_000) : now;
  return {
    summary: EXAMPLE_SUMMARY,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    invitedAt,
    conferenceUrl: 'https://meet.example.com/weekly-planning',
    organizerEmail: EXAMPLE_ORGANIZER,
    attendees: [
      { email: EXAMPLE_ORGANIZER, responseStatus: 'accepted' },
      { email: user.email, responseStatus: 'needsAction' },
    ],
    agendaItems: [],
    objectives: [],
    preworkItems: [],
  };
}

/**
 * What the example mails say: an example meeting of the signed-in person's, in their zone, breaking their own
 * standards, with the decline at their compliance deadline, and what would raise its score as their rules
 * score it (the real mails' suggestions, worked out the same way).
 */
export function previewFacts(
  user: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'timeZone'>,
  settings: PreviewSettings,
  now: Date,
): MeetingFacts {
  const startsAt = exampleMeetingStart(user.timeZone, now);
  const suggestions = suggestImprovements(
    exampleMeeting(user, settings.action, startsAt, now),
    { settings: settings.evaluation },
    { limit: 3, timeZone: user.timeZone, now: now.getTime() },
  );
  return {
    summary: EXAMPLE_SUMMARY,
    startsAt,
    timeZone: user.timeZone,
    userName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userEmail: user.email,
    organizerEmail: EXAMPLE_ORGANIZER,
    violations: exampleViolations(settings.action),
    deadline: new Date(startsAt.getTime() - settings.action.compliance_deadline * 3_600_000),
    suggestions: suggestions.map((s) => s.text),
  };
}

/** The example mail rendered by the very template the organizer would get. */
export function renderPreview(
  kind: PreviewKind,
  facts: MeetingFacts,
  appUrl: string,
): Promise<RenderedEmail> {
  return kind === 'reminder'
    ? organizerReminderEmail(facts, appUrl)
    : declineWarningEmail(facts, appUrl, EXAMPLE_PREVENT_TOKEN);
}
