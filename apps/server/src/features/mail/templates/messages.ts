import { formatDate, PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h, type ReactElement } from 'react';
import {
  ActionButton,
  EmailLayout,
  LabelledLink,
  LinkLine,
  Paragraph,
  Quote,
  Title,
  ViolationList,
} from './layout';
import { plainName } from './plain-name';

/** What the auto-balance mails say about one meeting. */
export type MeetingFacts = {
  summary: string;
  startsAt: Date;
  /** The user's zone: times are shown in it, with its name. */
  timeZone: string;
  /** The attendee on whose behalf MeetWell acts. */
  userName: string;
  userEmail: string;
  organizerEmail: string;
  /** The failed rules' sentences. */
  violations: string[];
  /** When the decline happens (decline actions). */
  deadline: Date | null;
  /** The occurrences the mail is about: one, or every date of a recurring series the reminder covers. */
  dates?: Date[];
  /**
   * Every team member the organizer's mail speaks for, when several attend the occurrence (one mail for the
   * team); otherwise the user alone.
   */
  attendees?: { name: string; email: string }[];
  /** What would raise the meeting's score most ('Add an agenda → 79, C+'), best first: organizer mails list them. */
  suggestions?: string[];
};

/** 'What would raise its score most (out of 100):' and the changes, when there are any. */
function suggestionsBlock(facts: MeetingFacts) {
  if (!facts.suggestions?.length) return [];
  return [
    h(Paragraph, null, 'What would raise its score most (out of 100):'),
    h(ViolationList, { violations: facts.suggestions }),
  ];
}

function attendeesOf(facts: MeetingFacts) {
  return facts.attendees?.length ? facts.attendees : [{ name: facts.userName, email: facts.userEmail }];
}

function joinWords(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 'Ana Lee' or 'Ana Lee and Bo Chen'. */
const attendeeNames = (facts: MeetingFacts) => joinWords(attendeesOf(facts).map((a) => a.name));

/** 'Ana Lee (ana@acme.example) uses' or 'Ana Lee (ana@…) and Bo Chen (bo@…) use'. */
function whoUse(facts: MeetingFacts): string {
  const people = attendeesOf(facts);
  return `${joinWords(people.map((a) => `${a.name} (${a.email})`))} ${people.length > 1 ? 'use' : 'uses'}`;
}

export type RenderedEmail = { subject: string; html: string; text: string; unsubscribeUrl: string };

/**
 * The footer's Unsubscribe link as a template writes it; deliverEmail turns it into the recipient's signed link
 * (templates hold no secret). Left unsigned it only opens the bare form, which changes nothing by itself.
 */
export const unsubscribeUrl = (appUrl: string, email: string) =>
  `${appUrl}/unsubscribe?email=${encodeURIComponent(email)}`;
const preventDeclineUrl = (appUrl: string, token: string) =>
  `${appUrl}/prevent-decline?token=${encodeURIComponent(token)}`;

/** 'Monday, November 23rd 2026 at 10:00 am (Europe/Paris)' */
function formatWhen(date: Date, timeZone: string): string {
  return `${formatDate(date, 'Long', timeZone)} at ${formatDate(date, 'Time', timeZone)} (${timeZone})`;
}

/**
 * A meeting's title as mail shows it: whoever wrote the calendar event chose it (an imported file can hold any
 * text), so it is plain text without markup or control characters, cut to 100 characters (plain-name.ts).
 */
const title = (summary: string) => `"${plainName(summary, 100, 'Untitled meeting')}"`;

async function renderEmail(
  subject: string,
  element: ReactElement,
  unsubscribe: string,
): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text, unsubscribeUrl: unsubscribe };
}

/** To the organizer: the meeting breaks the attendee's standards; please change it (remind actions). */
export function organizerReminderEmail(facts: MeetingFacts, appUrl: string) {
  const unsubscribe = unsubscribeUrl(appUrl, facts.organizerEmail);
  const dates = facts.dates?.length ? facts.dates : [facts.startsAt];
  const series = dates.length > 1;
  const when = formatWhen(dates[0]!, facts.timeZone);
  const day = formatDate(dates[0]!, 'Long', facts.timeZone);
  return renderEmail(
    series
      ? `Your meeting ${title(facts.summary)} needs a few changes: ${dates.length} dates from ${day}`
      : `Your meeting ${title(facts.summary)} needs a few changes: ${day}`,
    h(
      EmailLayout,
      {
        preview: `${facts.userName} asks for a few changes to ${title(facts.summary)}`,
        unsubscribeUrl: unsubscribe,
      },
      h(Title, null, `${title(facts.summary)} needs a few changes`),
      h(
        Paragraph,
        null,
        series
          ? `${facts.userName} (${facts.userEmail}) uses ${PRODUCT_NAME} to keep meetings healthy. Your recurring meeting ${title(facts.summary)} does not meet their meeting standards yet on these dates:`
          : `${whoUse(facts)} ${PRODUCT_NAME} to keep meetings healthy. Your meeting ${title(facts.summary)} on ${when} does not meet their meeting standards yet:`,
      ),
      series ? h(ViolationList, { violations: dates.map((d) => formatWhen(d, facts.timeZone)) }) : null,
      series ? h(Paragraph, null, 'What it needs:') : null,
      h(ViolationList, { violations: facts.violations }),
      ...suggestionsBlock(facts),
      h(Paragraph, null, 'Updating the invitation (an agenda, a shorter slot, another time…) fixes it.'),
    ),
    unsubscribe,
  );
}

/** One occurrence a decline warning is about: when it starts, when it may be declined, its prevent link. */
export type WarnedOccurrence = { startsAt: Date; deadline: Date | null; preventToken: string };

/**
 * The dates of a mail's subject: 'Friday, December 4th', 'Friday, December 4th and Friday, December 11th', up to
 * four, then '6 dates from Friday, December 4th'.
 */
function datesPhrase(dates: readonly Date[], timeZone: string): string {
  const days = dates.map((d) => formatDate(d, 'Long', timeZone));
  return days.length > 4 ? `${days.length} dates from ${days[0]}` : joinWords(days);
}

/**
 * To the organizer: the meeting will be declined at the deadline unless it is fixed or the decline prevented.
 * Of a recurring meeting, one mail names every date that may be declined, each with its own prevent link.
 */
export function declineWarningEmail(
  facts: MeetingFacts,
  appUrl: string,
  /** Each date with its token; a token alone is the one occurrence of `facts`. */
  warned: WarnedOccurrence[] | string,
) {
  const occurrences =
    typeof warned === 'string'
      ? [{ startsAt: facts.startsAt, deadline: facts.deadline, preventToken: warned }]
      : warned;
  const unsubscribe = unsubscribeUrl(appUrl, facts.organizerEmail);
  const deadlineOf = (o: WarnedOccurrence) =>
    o.deadline ? formatWhen(o.deadline, facts.timeZone) : 'shortly before it starts';
  const single = occurrences.length === 1 ? occurrences[0]! : null;
  const dates = occurrences.map((o) => o.startsAt);
  const body = single
    ? [
        h(
          Paragraph,
          null,
          `${whoUse(facts)} ${PRODUCT_NAME} to keep meetings healthy. Your meeting ${title(facts.summary)} on ${formatWhen(single.startsAt, facts.timeZone)} does not meet their meeting standards:`,
        ),
        h(ViolationList, { violations: facts.violations }),
        ...suggestionsBlock(facts),
        h(
          Paragraph,
          null,
          `If it still does not meet them by ${deadlineOf(single)}, ${PRODUCT_NAME} will decline it for ${attendeeNames(facts)}. Update the invitation, or tell them why this meeting matters:`,
        ),
        h(ActionButton, { href: preventDeclineUrl(appUrl, single.preventToken) }, 'Prevent this decline'),
        h(LinkLine, { href: preventDeclineUrl(appUrl, single.preventToken) }, 'Or open this link:'),
      ]
    : [
        h(
          Paragraph,
          null,
          `${whoUse(facts)} ${PRODUCT_NAME} to keep meetings healthy. Your recurring meeting ${title(facts.summary)} does not meet their meeting standards:`,
        ),
        h(ViolationList, { violations: facts.violations }),
        ...suggestionsBlock(facts),
        h(
          Paragraph,
          null,
          `Unless it is updated, ${PRODUCT_NAME} will decline these dates for ${attendeeNames(facts)}, each shortly before it starts. To keep one, tell them why it matters:`,
        ),
        ...occurrences.map((o) =>
          h(
            LabelledLink,
            { href: preventDeclineUrl(appUrl, o.preventToken), label: 'Keep this date', key: o.preventToken },
            `${formatWhen(o.startsAt, facts.timeZone)}, declined at ${deadlineOf(o)}:`,
          ),
        ),
      ];
  return renderEmail(
    `${title(facts.summary)} may be declined: ${datesPhrase(dates, facts.timeZone)}`,
    h(
      EmailLayout,
      { preview: `${attendeeNames(facts)} may decline ${title(facts.summary)}`, unsubscribeUrl: unsubscribe },
      h(Title, null, `${title(facts.summary)} may be declined`),
      ...body,
    ),
    unsubscribe,
  );
}

/** To the organizer: the meeting was declined for the attendee. */
export function declineNoticeEmail(facts: MeetingFacts, appUrl: string) {
  const unsubscribe = unsubscribeUrl(appUrl, facts.organizerEmail);
  return renderEmail(
    `${attendeeNames(facts)} declined ${title(facts.summary)}`,
    h(
      EmailLayout,
      { preview: `${title(facts.summary)} was declined`, unsubscribeUrl: unsubscribe },
      h(Title, null, `${attendeeNames(facts)} declined ${title(facts.summary)}`),
      h(
        Paragraph,
        null,
        `${PRODUCT_NAME} declined ${title(facts.summary)} (${formatWhen(facts.startsAt, facts.timeZone)}) for ${joinWords(attendeesOf(facts).map((a) => `${a.name} (${a.email})`))} because it does not meet their meeting standards:`,
      ),
      h(ViolationList, { violations: facts.violations }),
      h(Paragraph, null, 'Fixing the invitation and inviting them again is always welcome.'),
    ),
    unsubscribe,
  );
}

/** To the user, before an action: what MeetWell is about to do (reminder_email pre_action / pre_and_post). */
export function userPreActionEmail(facts: MeetingFacts, appUrl: string, action: 'remind' | 'decline') {
  const unsubscribe = unsubscribeUrl(appUrl, facts.userEmail);
  const deadline = facts.deadline ? formatWhen(facts.deadline, facts.timeZone) : 'its compliance deadline';
  const dates = facts.dates?.length ? facts.dates : [facts.startsAt];
  const what =
    action === 'decline'
      ? dates.length > 1
        ? `We warned ${facts.organizerEmail} and will decline these dates of ${title(facts.summary)} for you, each shortly before it starts, unless it is fixed or the organizer prevents it.`
        : `We warned ${facts.organizerEmail} and will decline ${title(facts.summary)} for you at ${deadline} unless it is fixed or the organizer prevents it.`
      : `We are reminding ${facts.organizerEmail} that ${title(facts.summary)} needs changes.`;
  return renderEmail(
    action === 'decline'
      ? `We may decline ${title(facts.summary)} for you: ${datesPhrase(dates, facts.timeZone)}`
      : `We are reminding the organizer of ${title(facts.summary)}`,
    h(
      EmailLayout,
      { preview: what, unsubscribeUrl: unsubscribe },
      h(Title, null, 'Auto-Balance is on it'),
      h(
        Paragraph,
        null,
        dates.length > 1
          ? `${title(facts.summary)} does not meet your standards on ${dates.length} dates:`
          : `${title(facts.summary)} on ${formatWhen(facts.startsAt, facts.timeZone)} does not meet your standards:`,
      ),
      dates.length > 1
        ? h(ViolationList, { violations: dates.map((d) => formatWhen(d, facts.timeZone)) })
        : null,
      h(ViolationList, { violations: facts.violations }),
      h(Paragraph, null, what),
      h(
        LinkLine,
        { href: `${appUrl}/my/balance/action` },
        'Ignore it (and accept the meeting) from your future actions:',
      ),
    ),
    unsubscribe,
  );
}

/** To the user, after an action: the reminder was sent, or the meeting declined. */
export function userPostActionEmail(facts: MeetingFacts, appUrl: string, action: 'remind' | 'decline') {
  const unsubscribe = unsubscribeUrl(appUrl, facts.userEmail);
  const what =
    action === 'decline'
      ? `We declined ${title(facts.summary)} for you and told ${facts.organizerEmail} why.`
      : `We reminded ${facts.organizerEmail} that ${title(facts.summary)} needs changes.`;
  return renderEmail(
    action === 'decline'
      ? `We declined ${title(facts.summary)} for you`
      : `We reminded the organizer of ${title(facts.summary)}`,
    h(
      EmailLayout,
      { preview: what, unsubscribeUrl: unsubscribe },
      h(Title, null, 'Auto-Balance took action'),
      h(Paragraph, null, what),
      h(Paragraph, null, `${title(facts.summary)} on ${formatWhen(facts.startsAt, facts.timeZone)}:`),
      h(ViolationList, { violations: facts.violations }),
      h(LinkLine, { href: `${appUrl}/my/balance/action` }, 'See your past actions:'),
    ),
    unsubscribe,
  );
}

/** To the user: the organizer prevented the decline, with their notes. */
export function declinePreventedEmail(facts: MeetingFacts, appUrl: string, notes: string) {
  const unsubscribe = unsubscribeUrl(appUrl, facts.userEmail);
  return renderEmail(
    `${facts.organizerEmail} prevented the decline of ${title(facts.summary)}`,
    h(
      EmailLayout,
      { preview: `The organizer asked to keep ${title(facts.summary)}`, unsubscribeUrl: unsubscribe },
      h(Title, null, 'The decline was prevented'),
      h(
        Paragraph,
        null,
        `${facts.organizerEmail} asked to keep ${title(facts.summary)} (${formatWhen(facts.startsAt, facts.timeZone)}), so we will not decline it.`,
      ),
      notes ? h(Paragraph, null, 'Their notes:') : null,
      notes ? h(Quote, null, notes) : null,
      h(LinkLine, { href: `${appUrl}/my/balance/action` }, 'Your actions:'),
    ),
    unsubscribe,
  );
}
