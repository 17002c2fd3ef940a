import { type DemoPerson, DEMO_EXTERNAL as EXTERNAL } from './demo-team';

/**
 * The demo calendar: an ICS document of realistic meetings around the current week (four weeks back, four
 * ahead) in the user's time zone. Good meetings and bad ones, recurring series, conflicts with each other and
 * with a Wellness block, last-minute invitations, an all-hands, an all-day offsite, and a lunch that looks like
 * a Wellness block. Each demo member's calendar holds the meetings they attend, with the same UIDs, so team
 * statistics see one event in several calendars.
 */

const DAY_MS = 86_400_000;

type Person = DemoPerson;
const name: Record<Person, string> = {
  alex: 'Alex Morgan',
  jordan: 'Jordan Lee',
  sam: 'Sam Patel',
  riley: 'Riley Chen',
};

type DemoMeeting = {
  uid: string;
  summary: string;
  /** Days from the Monday of the current week (may be negative), and local start time. */
  day: number;
  start: string;
  minutes: number;
  organizer: Person | keyof typeof EXTERNAL;
  attendees: (Person | keyof typeof EXTERNAL)[];
  /** Extra invitees who are not demo users (to make meetings large). */
  extraInvitees?: number;
  description?: string;
  location?: string;
  rrule?: string;
  allDay?: boolean;
  /** Hours before the start at which the invitation was sent (default a week). */
  invitedHoursBefore?: number;
};

const goodAgenda = (items: string[], objectives: string[], link = 'https://meet.google.com/abc-defg-hij') =>
  [
    `Join: ${link}`,
    '',
    'Agenda:',
    ...items.map((i) => `- ${i}`),
    '',
    'Objectives:',
    ...objectives.map((o) => `- ${o}`),
  ].join('\n');

/**
 * The demo's meetings of one week. Longer than 80 lines for a reason: it is data, one meeting a few lines, read
 * best as the week it describes.
 */
function meetingsForWeek(week: number): DemoMeeting[] {
  const d = (day: number) => week * 7 + day;
  const w = `w${week}`;
  const list: DemoMeeting[] = [
    {
      uid: `design-review-${w}`,
      summary: 'Design review: onboarding flow',
      day: d(2),
      start: '13:30',
      minutes: 60,
      organizer: 'riley',
      attendees: ['alex', 'riley', 'sam'],
      description:
        'Walk through the new onboarding screens.\n\nAgenda:\n- Screens recap (10 min)\n- Open questions (30 min)\n- Next steps (10 min)',
      location: 'https://zoom.us/j/5551234567',
    },
    {
      uid: `customer-call-${w}`,
      summary: 'Customer call with BigClient',
      day: d(3),
      start: '11:00',
      minutes: 60,
      organizer: 'client',
      attendees: ['alex', 'client', 'jordan'],
      description: 'Quarterly check-in.',
      location: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_demo',
    },
    {
      uid: `hiring-sync-${w}`,
      summary: 'Hiring sync',
      day: d(3),
      start: '11:30',
      minutes: 30,
      organizer: 'jordan',
      attendees: ['alex', 'jordan', 'sam'],
    },
    {
      uid: `vendor-update-${w}`,
      summary: 'Vendor update',
      day: d(4),
      start: '10:00',
      minutes: 45,
      organizer: 'vendor',
      attendees: ['alex', 'vendor', 'riley'],
      invitedHoursBefore: 3,
    },
    {
      uid: `roadmap-brainstorm-${w}`,
      summary: 'Roadmap brainstorm',
      day: d(1),
      start: '15:00',
      minutes: 120,
      organizer: 'sam',
      attendees: ['alex', 'jordan', 'sam', 'riley'],
      extraInvitees: 8,
      description: 'Bring ideas for next quarter.',
    },
    {
      uid: `budget-decision-${w}`,
      summary: 'Budget decision',
      day: d(2),
      start: '10:00',
      minutes: 30,
      organizer: 'alex',
      attendees: ['alex', 'jordan'],
      description: goodAgenda(
        ['Options recap (10 min)', 'Decide (15 min)'],
        ['Agree on the Q3 tooling budget'],
      ),
    },
  ];
  if (week === 0) {
    list.push({
      uid: 'all-hands-q',
      summary: 'Quarterly all hands',
      day: d(3),
      start: '16:00',
      minutes: 60,
      organizer: 'jordan',
      attendees: ['alex', 'jordan', 'sam', 'riley'],
      extraInvitees: 30,
      description: 'Company update from the leadership team.',
      location: 'https://meet.google.com/all-hands-q',
    });
  }
  if (week === 1) {
    list.push({
      uid: 'team-offsite',
      summary: 'Team offsite',
      day: d(4),
      start: '00:00',
      minutes: 24 * 60,
      allDay: true,
      organizer: 'jordan',
      attendees: ['alex', 'jordan', 'sam', 'riley'],
    });
  }
  return list;
}

const recurring: DemoMeeting[] = [
  {
    uid: 'daily-standup',
    summary: 'Daily standup',
    day: -28,
    start: '09:30',
    minutes: 15,
    organizer: 'jordan',
    attendees: ['alex', 'jordan', 'sam', 'riley'],
    description: 'Agenda:\n- Yesterday\n- Today\n- Blockers\n\nhttps://meet.google.com/std-upda-ily',
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  },
  {
    uid: 'alex-sam-1on1',
    summary: '1:1 Alex / Sam',
    day: -27,
    start: '14:00',
    minutes: 30,
    organizer: 'alex',
    attendees: ['alex', 'sam'],
    description: goodAgenda(
      ['Wins of the week (5 min)', 'Blockers (10 min)', 'Growth (15 min)'],
      ['Leave with one clear next step'],
    ),
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
  },
  {
    uid: 'sprint-planning',
    summary: 'Sprint planning',
    day: -28,
    start: '10:00',
    minutes: 90,
    organizer: 'jordan',
    attendees: ['alex', 'jordan', 'sam', 'riley'],
    extraInvitees: 6,
    description: 'Agenda:\n- Review the backlog\n- Estimate\n- Commit to the sprint goal',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
  },
  {
    uid: 'sprint-retro',
    summary: 'Sprint retro',
    day: -24,
    start: '15:00',
    minutes: 60,
    organizer: 'sam',
    attendees: ['alex', 'jordan', 'sam', 'riley'],
    description: goodAgenda(
      ['What went well (15 min)', 'What to improve (20 min)', 'Actions (15 min)'],
      ['Pick two improvements for next sprint'],
      'https://whereby.com/team-retro',
    ),
    rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
  },
  {
    uid: 'alex-lunch',
    summary: 'Lunch',
    day: -28,
    start: '12:00',
    minutes: 60,
    organizer: 'alex',
    attendees: ['alex'],
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date (YYYY-MM-DD) in a zone. */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function mondayOfWeek(isoDate: string): number {
  const epochDay = Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
  const weekday = (epochDay + 4) % 7; // 0 = Sunday
  return epochDay - ((weekday + 6) % 7);
}

function wall(epochDay: number, time: string): string {
  const date = new Date(epochDay * DAY_MS);
  const [h, m] = time.split(':');
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${h}${m}00`;
}

function dateOnly(epochDay: number): string {
  return wall(epochDay, '00:00').slice(0, 8);
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 text escaping and 75-octet line folding. */
function escapeText(text: string) {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}
function fold(line: string): string {
  if (line.length <= 74) return line;
  const parts = [line.slice(0, 74)];
  for (let i = 74; i < line.length; i += 73) parts.push(` ${line.slice(i, i + 73)}`);
  return parts.join('\r\n');
}

function addressOf(who: Person | keyof typeof EXTERNAL, domain: string) {
  return who in EXTERNAL ? EXTERNAL[who as keyof typeof EXTERNAL] : `${who}@${domain}`;
}
function nameOf(who: Person | keyof typeof EXTERNAL) {
  return who in EXTERNAL ? (who === 'vendor' ? 'Dana (VendorCo)' : 'Lee (BigClient)') : name[who as Person];
}

/** `domain` is the demo team's own (each visitor's demo has one): its people's and extra guests' addresses. */
export function demoCalendarIcs(params: {
  person: Person;
  timeZone: string;
  now: Date;
  domain: string;
}): string {
  const monday = mondayOfWeek(localDate(params.now, params.timeZone));
  const tz = params.timeZone;
  const stamp = utcStamp(params.now);
  const events: DemoMeeting[] = [...recurring];
  for (let week = -4; week <= 4; week++) events.push(...meetingsForWeek(week));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MeetWell//Demo calendar//EN',
    `X-WR-CALNAME:${name[params.person]} (demo)`,
    `X-WR-TIMEZONE:${tz}`,
  ];
  for (const m of events) {
    if (!m.attendees.includes(params.person)) continue;
    const startDay = monday + m.day;
    const startMs = Date.parse(`${new Date(startDay * DAY_MS).toISOString().slice(0, 10)}T${m.start}:00Z`);
    const endWall = new Date(startMs + m.minutes * 60_000);
    const endDay = Math.floor(endWall.getTime() / DAY_MS);
    const endTime = `${pad(endWall.getUTCHours())}:${pad(endWall.getUTCMinutes())}`;
    // Invitations are dated relative to the meeting (its wall time read as UTC is close enough here).
    const invited = new Date(startMs - (m.invitedHoursBefore ?? 24 * 7) * 3_600_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${m.uid}@demo.meetwell`,
      `DTSTAMP:${stamp}`,
      `CREATED:${utcStamp(invited)}`,
    );
    if (m.allDay) {
      lines.push(`DTSTART;VALUE=DATE:${dateOnly(startDay)}`, `DTEND;VALUE=DATE:${dateOnly(startDay + 1)}`);
    } else {
      lines.push(
        `DTSTART;TZID=${tz}:${wall(startDay, m.start)}`,
        `DTEND;TZID=${tz}:${wall(endDay, endTime)}`,
      );
    }
    if (m.rrule) lines.push(`RRULE:${m.rrule}`);
    lines.push(fold(`SUMMARY:${escapeText(m.summary)}`));
    if (m.description) lines.push(fold(`DESCRIPTION:${escapeText(m.description)}`));
    if (m.location) lines.push(fold(`LOCATION:${escapeText(m.location)}`));
    lines.push(fold(`ORGANIZER;CN=${nameOf(m.organizer)}:mailto:${addressOf(m.organizer, params.domain)}`));
    if (m.attendees.length > 1 || m.extraInvitees) {
      for (const who of m.attendees) {
        const status =
          who === m.organizer
            ? 'ACCEPTED'
            : who === params.person && m.uid.startsWith('vendor')
              ? 'NEEDS-ACTION'
              : 'ACCEPTED';
        lines.push(
          fold(
            `ATTENDEE;CN=${nameOf(who)};ROLE=REQ-PARTICIPANT;PARTSTAT=${status}:mailto:${addressOf(who, params.domain)}`,
          ),
        );
      }
      for (let i = 1; i <= (m.extraInvitees ?? 0); i++) {
        lines.push(`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:guest${i}@${params.domain}`);
      }
    }
    lines.push('STATUS:CONFIRMED', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
