import {
  type DurationAndCostsReport,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  type LetterGrade,
  letterGrade,
  localDateString,
  PRODUCT_NAME,
  type QualityLabel,
  workHoursSummary,
} from '@meetwell/domain';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, createElement as h } from 'react';
import { ActionButton, EmailLayout, Paragraph, Title } from '../mail/templates/layout';
import { type RenderedEmail, unsubscribeUrl } from '../mail/templates/messages';

/** A meeting of the week, as the mail lists it. */
export type WeekMeeting = { id: string; summary: string; startsAt: Date; score: number };

/** What the weekly report says: the week's figures from the report builders, and its lowest-scored meetings. */
export type WeeklyReportFacts = {
  to: string;
  firstName: string;
  /** The person's zone: the week's days and the meetings' times are in it. */
  timeZone: string;
  /** Monday and Sunday of the week (YYYY-MM-DD). */
  week: { start: string; end: string };
  averages: { average: number; quality_label: QualityLabel; letter_grade: LetterGrade; total: number };
  costs: DurationAndCostsReport;
  /** The lowest scores first, at most three. */
  worst: WeekMeeting[];
};

const sectionTitle: CSSProperties = { color: '#1a1a1a', fontSize: 16, margin: '20px 0 8px' };
const figure: CSSProperties = { color: '#333333', fontSize: 15, lineHeight: '22px', margin: '0 0 8px' };
const meetingLine: CSSProperties = { ...figure, margin: '0 0 6px' };

/** The meeting in the app: the Plan page opens it over the week it belongs to (w, as the Plan's own links). */
const meetingUrl = (appUrl: string, meeting: WeekMeeting, timeZone: string) =>
  `${appUrl}/my/plan/meeting/${encodeURIComponent(meeting.id)}?w=${localDateString(meeting.startsAt, timeZone)}`;

/** The person's Review for the week. */
const weekReviewUrl = (appUrl: string, week: { start: string; end: string }) =>
  `${appUrl}/my/review/you?s=${week.start}&e=${week.end}`;

/** 'March 2nd - March 8th 2026' */
const weekLabel = (week: { start: string; end: string }) =>
  `${formatDate(week.start, 'NoYear')} - ${formatDate(week.end, 'Default')}`;

/** 'Tuesday, March 3rd 2026 at 9:00 am' in the person's zone. */
const meetingWhen = (startsAt: Date, timeZone: string) =>
  `${formatDate(startsAt, 'Long', timeZone)} at ${formatDate(startsAt, 'Time', timeZone)}`;

/** The time tile of Review, in words: '6.5 h, 16.3% of 40 work hours: plenty of time'. */
function timeInMeetings(costs: DurationAndCostsReport): string {
  const hours = costs.work_hours_spent.spent_hours;
  const summary = workHoursSummary(hours, costs.work_hours);
  return `${formatNumber(hours, hours % 1 ? 1 : 0)} h, ${formatPercent(summary.percentOfTime, 1)} of ${formatNumber(summary.workHours, 0)} work hours: ${summary.message}`;
}

function Figure(props: { label: string; value: string }) {
  return h(Text, { style: figure }, h('strong', null, `${props.label}: `), props.value);
}

function MeetingLine(props: { meeting: WeekMeeting; timeZone: string; appUrl: string }) {
  const { meeting } = props;
  return h(
    Text,
    { style: meetingLine },
    `• ${meeting.score} (${letterGrade(meeting.score)}) `,
    h(
      Link,
      { href: meetingUrl(props.appUrl, meeting, props.timeZone) },
      meeting.summary || 'Untitled meeting',
    ),
    `, ${meetingWhen(meeting.startsAt, props.timeZone)}`,
  );
}

/** To the person, on Monday morning: how last week's meetings went. */
export async function weeklyReportEmail(facts: WeeklyReportFacts, appUrl: string): Promise<RenderedEmail> {
  const { averages, costs } = facts;
  const unsubscribe = unsubscribeUrl(appUrl, facts.to);
  const grade = `${averages.average} (${averages.letter_grade})`;
  const meetings = averages.total === 1 ? '1 meeting' : `${formatNumber(averages.total, 0)} meetings`;
  const element = h(
    EmailLayout,
    {
      preview: `Average score ${grade} over ${meetings}, ${formatCurrency(costs.meeting_cost_total)} of meeting time`,
      unsubscribeUrl: unsubscribe,
    },
    h(Title, null, `Your week in meetings: ${weekLabel(facts.week)}`),
    h(
      Paragraph,
      null,
      `${facts.firstName ? `Hi ${facts.firstName}, here` : 'Here'} is how your meetings scored last week.`,
    ),
    h(
      Section,
      { style: { margin: '0 0 8px' } },
      h(Figure, {
        label: 'Average score',
        value: `${averages.average}, grade ${averages.letter_grade} (${averages.quality_label} quality)`,
      }),
      h(Figure, { label: 'Meetings', value: formatNumber(averages.total, 0) }),
      h(Figure, { label: 'Time in meetings', value: timeInMeetings(costs) }),
      h(Figure, {
        label: 'Meeting cost',
        value: `${formatCurrency(costs.meeting_cost_total)} (${formatCurrency(costs.ave_cost_per_meeting)} per meeting at ${formatCurrency(costs.annual_salary)} a year)`,
      }),
    ),
    h(
      Heading,
      { as: 'h2', style: sectionTitle },
      facts.worst.length === 1 ? 'Your lowest-scored meeting' : 'Your lowest-scored meetings',
    ),
    ...facts.worst.map((meeting) =>
      h(MeetingLine, { key: meeting.id, meeting, timeZone: facts.timeZone, appUrl }),
    ),
    h(
      Paragraph,
      null,
      `Times are in ${facts.timeZone}. Open a meeting to see what cost it points and what would raise its score.`,
    ),
    h(ActionButton, { href: weekReviewUrl(appUrl, facts.week) }, 'See the week in Review'),
    h(
      Paragraph,
      null,
      `${PRODUCT_NAME} sends this report on Monday mornings. You can turn it off in your account settings.`,
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: `Your meetings last week: average score ${grade}`,
    html,
    text,
    unsubscribeUrl: unsubscribe,
  };
}
