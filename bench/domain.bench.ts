/**
 * packages/domain speed, on one core.
 * - evaluate 100,000 generated meetings (2–30 attendees, a parsed description, 10 Wellness blocks expanded
 *   once per user and week, 40 neighbouring meetings): target ≥ 200,000 evaluations/s;
 * - parse 10,000 real-looking HTML descriptions (Google Calendar, Outlook/Teams, Zoom): target ≥ 20 MB/s.
 * Run: npx tsx bench/domain.bench.ts
 */
import os from 'node:os';
import {
  DEFAULT_EVALUATION_SETTINGS,
  evaluateMeeting,
  expandWellnessBlockOccurrences,
  indexBlockOccurrences,
  type MeetingInput,
  type OtherMeetingInput,
  type ParsedDescription,
  parseDescription,
  type WellnessBlockInput,
} from '../packages/domain/src/index';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------------------
// Deterministic data

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20250310);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const chance = (p: number) => random() < p;
const id = (n: number) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[int(0, 35)]).join('');

const WORDS =
  'we will review the roadmap budget hiring plan customer feedback quarterly targets launch risks dependencies design api migration onboarding metrics retention pricing partners security incident follow-ups owners next steps timeline scope'.split(
    ' ',
  );
const sentence = (n: number) => {
  const words = Array.from({ length: n }, () => pick(WORDS));
  return `${(words[0] as string).charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
};
const paragraph = () => Array.from({ length: int(2, 6) }, () => sentence(int(6, 16))).join(' ');
const agendaItem = () =>
  `${sentence(int(2, 6)).slice(0, -1)}${chance(0.7) ? ` (${pick([5, 10, 15, 20, 30])} min)` : ''}`;

function googleDescription(): string {
  const parts: string[] = [];
  if (chance(0.7)) parts.push(`Hi all,<br><br>${paragraph()}<br><br>`);
  if (chance(0.8)) {
    parts.push(
      `<b>Agenda</b><br><ul>${Array.from({ length: int(2, 8) }, () => `<li>${agendaItem()}</li>`).join('')}</ul><br>`,
    );
  }
  if (chance(0.5))
    parts.push(
      `<b>Goals:</b><br>${Array.from({ length: int(1, 3) }, (_, i) => `${i + 1}. ${sentence(5)}`).join('<br>')}<br><br>`,
    );
  if (chance(0.4))
    parts.push(
      `Pre-read: <a href="https://docs.google.com/document/d/${id(44)}/edit?usp=sharing">${sentence(3)}</a><br><br>`,
    );
  for (let i = int(0, 3); i > 0; i--) parts.push(`<p>${paragraph()}</p>`);
  const code = `${id(3)}-${id(4)}-${id(3)}`;
  parts.push(
    `-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-<br>Join with Google Meet: <a href="https://meet.google.com/${code}">https://meet.google.com/${code}</a><br>Or dial: &#x202A;(US) +1 234-567-8901&#x202C; PIN: &#x202A;${int(100, 999)} ${int(100, 999)} ${int(100, 999)}&#x202C;#<br>More phone numbers: https://tel.meet/${code}?pin=${int(1e9, 9e9)}<br><br>Learn more about Meet at: https://support.google.com/a/users/answer/9282720<br><br>Please do not edit this section.<br>-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-`,
  );
  return parts.join('');
}

const OUTLOOK_HEAD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta name="Generator" content="Microsoft Word 15 (filtered medium)"><style><!--
/* Font Definitions */
@font-face {font-family:"Cambria Math"; panose-1:2 4 5 3 5 4 6 3 2 4;}
@font-face {font-family:Calibri; panose-1:2 15 5 2 2 2 4 3 2 4;}
p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0in; font-size:11.0pt; font-family:"Calibri",sans-serif;}
a:link, span.MsoHyperlink {mso-style-priority:99; color:#0563C1; text-decoration:underline;}
p.MsoListParagraph, li.MsoListParagraph {mso-style-priority:34; margin-top:0in; margin-right:0in; margin-bottom:0in; margin-left:.5in;}
.MsoChpDefault {mso-style-type:export-only; font-family:"Calibri",sans-serif;}
@page WordSection1 {size:8.5in 11.0in; margin:1.0in 1.0in 1.0in 1.0in;}
div.WordSection1 {page:WordSection1;}
--></style></head><body lang="EN-US" link="#0563C1" vlink="#954F72" style="word-wrap:break-word"><div class="WordSection1">`;

function outlookDescription(): string {
  const p = (text: string) => `<p class="MsoNormal">${text}<o:p></o:p></p>\r\n`;
  const parts = [OUTLOOK_HEAD, p('Hi team,'), p('<o:p>&nbsp;</o:p>')];
  if (chance(0.6)) parts.push(p(paragraph()), p('&nbsp;'));
  if (chance(0.8)) {
    parts.push(p('<b>Agenda:</b>'), '<ul style="margin-top:0in" type="disc">');
    for (let i = int(2, 7); i > 0; i--) {
      parts.push(
        `<li class="MsoListParagraph" style="margin-left:0in;mso-list:l0 level1 lfo1">${agendaItem()}<o:p></o:p></li>\r\n`,
      );
    }
    parts.push('</ul>', p('&nbsp;'));
  }
  if (chance(0.4))
    parts.push(p('<b>Objectives</b>'), p(`-&nbsp;${sentence(6)}`), p(`-&nbsp;${sentence(5)}`), p('&nbsp;'));
  for (let i = int(0, 3); i > 0; i--) parts.push(p(paragraph()));
  parts.push(
    `<div style="width:100%;height: 20px;"><span style="white-space:nowrap;color:#5F5F5F;opacity:.36;">________________________________________________________________________________</span></div><div class="me-email-text" lang="en-US" style="color:#252424;font-family:'Segoe UI','Helvetica Neue',Helvetica,Arial,sans-serif;"><div style="margin-top: 24px; margin-bottom: 20px;"><span style="font-size: 24px; color:#252424">Microsoft Teams meeting</span></div><div style="margin-bottom: 20px;"><div style="margin-top: 0px; margin-bottom: 0px; font-weight: bold"><span style="font-size: 14px; color:#252424">Join on your computer, mobile app or room device</span></div><a class="me-email-headline" style="font-size: 14px;font-family:'Segoe UI Semibold','Segoe UI','Helvetica Neue',Helvetica,Arial,sans-serif;text-decoration: underline;color: #6264a7;" href="https://teams.microsoft.com/l/meetup-join/19%3ameeting_${id(40)}%40thread.v2/0?context=%7b%22Tid%22%3a%22${id(36)}%22%2c%22Oid%22%3a%22${id(36)}%22%7d" target="_blank" rel="noreferrer noopener">Click here to join the meeting</a></div><div style="margin-bottom: 20px; margin-top: 20px"><div style="margin-bottom: 4px"><span data-tid="meeting-code" style="font-size: 14px; color:#252424">Meeting ID: <span style="font-size:16px; color:#252424">${int(100, 999)} ${int(100, 999)} ${int(100, 999)} ${int(100, 999)}</span></span><br><span style="font-size: 14px; color:#252424">Passcode: </span><span style="font-size: 16px; color:#252424">${id(6)}</span></div><div style="font-size: 14px;"><a class="me-email-link" style="font-size: 14px;text-decoration: underline;color: #6264a7;font-family:'Segoe UI','Helvetica Neue',Helvetica,Arial,sans-serif;" target="_blank" href="https://www.microsoft.com/en-us/microsoft-teams/download-app" rel="noreferrer noopener">Download Teams</a> | <a class="me-email-link" style="font-size: 14px;text-decoration: underline;color: #6264a7;" target="_blank" href="https://www.microsoft.com/microsoft-teams/join-a-meeting" rel="noreferrer noopener">Join on the web</a></div></div><div style="margin-bottom: 24px;margin-top: 20px;"><a class="me-email-link" style="font-size: 14px;text-decoration: underline;color: #6264a7;" target="_blank" href="https://aka.ms/JoinTeamsMeeting" rel="noreferrer noopener">Learn More</a> | <a class="me-email-link" style="font-size: 14px;text-decoration: underline;color: #6264a7;" target="_blank" href="https://teams.microsoft.com/meetingOptions/?organizerId=${id(36)}&amp;tenantId=${id(36)}&amp;threadId=19_meeting_${id(40)}@thread.v2&amp;messageId=0&amp;language=en-US" rel="noreferrer noopener">Meeting options</a></div></div><div style="font-size: 14px; margin-bottom: 4px;font-family:'Segoe UI','Helvetica Neue',Helvetica,Arial,sans-serif;"></div><div style="font-size: 12px;"></div><div></div><div style="width:100%;height: 20px;"><span style="white-space:nowrap;color:#5F5F5F;opacity:.36;">________________________________________________________________________________</span></div>`,
    '</div></body></html>',
  );
  return parts.join('');
}

function zoomDescription(): string {
  const meetingId = `${int(100, 999)}${int(1000, 9999)}${int(1000, 9999)}`;
  const parts: string[] = [];
  if (chance(0.8)) {
    parts.push(
      `<p><strong>Agenda</strong></p><ol>${Array.from({ length: int(2, 6) }, () => `<li>${agendaItem()}</li>`).join('')}</ol>`,
    );
  }
  if (chance(0.3))
    parts.push(
      `<p><strong>Pre-work</strong></p><ul><li>Read ${sentence(3)} https://wiki.acme.com/${id(12)}</li></ul>`,
    );
  for (let i = int(0, 2); i > 0; i--) parts.push(`<p>${paragraph()}</p>`);
  parts.push(
    `<p>${pick(['Alex', 'Sam', 'Kim'])} is inviting you to a scheduled Zoom meeting.</p><p>Join Zoom Meeting<br><a href="https://us02web.zoom.us/j/${meetingId}?pwd=${id(32)}">https://us02web.zoom.us/j/${meetingId}?pwd=${id(32)}</a></p><p>Meeting ID: ${meetingId}<br>Passcode: ${int(100000, 999999)}</p><p>---</p><p>One tap mobile<br>+13017158592,,${meetingId}# US (Washington DC)<br>+13126266799,,${meetingId}# US (Chicago)</p><p>Dial by your location<br>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; +1 301 715 8592 US (Washington DC)<br>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; +1 312 626 6799 US (Chicago)<br>Find your local number: https://us02web.zoom.us/u/${id(10)}</p>`,
  );
  return parts.join('');
}

function description(): string {
  const kind = random();
  return kind < 0.45 ? googleDescription() : kind < 0.8 ? outlookDescription() : zoomDescription();
}

// ---------------------------------------------------------------------------------------------------------

function report(name: string, value: number, unit: string, target: number, pass: boolean): boolean {
  const shown = value.toLocaleString('en-US', { maximumFractionDigits: value < 100 ? 1 : 0 });
  console.log(
    `${name.padEnd(56)} ${shown.padStart(11)} ${unit.padEnd(8)} target ≥ ${target.toLocaleString('en-US').padEnd(9)} ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function benchParse(): boolean {
  const descriptions = Array.from({ length: 10_000 }, description);
  const bytes = descriptions.reduce((sum, d) => sum + Buffer.byteLength(d, 'utf8'), 0);
  let items = 0;
  for (let i = 0; i < 2_000; i++) items += parseDescription(descriptions[i]).agendaItems.length;
  const rounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    for (const d of descriptions) items += parseDescription(d).agendaItems.length;
    rounds.push(performance.now() - start);
  }
  const ms = median(rounds);
  const mbPerSecond = bytes / 1e6 / (ms / 1000);
  console.log(
    `  ${descriptions.length.toLocaleString('en-US')} descriptions, ${(bytes / 1e6).toFixed(1)} MB (avg ${(bytes / descriptions.length / 1024).toFixed(1)} KB), median of 3 rounds ${ms.toFixed(0)} ms (${items} agenda items seen)`,
  );
  return report('parse 10,000 HTML descriptions', mbPerSecond, 'MB/s', 20, mbPerSecond >= 20);
}

const ZONES = [
  'America/New_York',
  'Europe/Paris',
  'Europe/London',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Asia/Kolkata',
  'UTC',
];
const TITLES = [
  'Weekly sync',
  'Design review',
  'Sprint planning',
  'Daily standup',
  '1:1 Sam / Alex',
  'Customer call',
  'Chat',
  'Q3 kickoff',
  'Retro',
  'Budget',
  'Interview',
  'Catch up',
];
const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

interface UserWorkload {
  timeZone: string;
  blocks: WellnessBlockInput[];
  neighbours: OtherMeetingInput[];
  meetings: MeetingInput[];
}

function workload(users: number, perUser: number, parsedPool: readonly ParsedDescription[]): UserWorkload[] {
  // The week of the March 2025 US DST change.
  const weekStart = Date.UTC(2025, 2, 9);
  const slot = () => weekStart + int(0, 6) * DAY + int(6 * 4, 20 * 4) * 15 * MIN;
  return Array.from({ length: users }, (_, u) => {
    const timeZone = pick(ZONES);
    const blocks: WellnessBlockInput[] = Array.from({ length: 10 }, (_, b) => {
      const days = WEEKDAY_CODES.filter(() => chance(0.45));
      const start = Date.UTC(2025, 1, 3 + int(0, 6), int(5, 20), pick([0, 15, 30, 45]));
      return {
        id: `u${u}b${b}`,
        label: pick(['Deep work', 'Lunch', 'Gym', 'Focus', 'School run', 'Walk']),
        category: chance(0.5) ? 'focus' : 'life',
        rrule: `RRULE:FREQ=WEEKLY;BYDAY=${(days.length ? days : ['MO']).join(',')}`,
        startsAt: start,
        endsAt: start + int(2, 8) * 15 * MIN,
        timeZone,
      };
    });
    const neighbours: OtherMeetingInput[] = Array.from({ length: 40 }, (_, n) => {
      const start = slot();
      return {
        id: `u${u}n${n}`,
        eventKey: `u${u}n${n}`,
        summary: pick(TITLES),
        startsAt: new Date(start),
        endsAt: new Date(start + int(1, 8) * 15 * MIN),
        allDay: chance(0.02),
        status: chance(0.03) ? 'cancelled' : 'confirmed',
        responseStatus: pick(['accepted', 'accepted', 'needsAction', 'tentative', 'declined']),
        userIsOrganizer: chance(0.2),
        scoreable: chance(0.95),
      };
    });
    const meetings: MeetingInput[] = Array.from({ length: perUser }, (_, m) => {
      const start = slot();
      const attendees = int(2, 30);
      const organizer = `person${int(1, 500)}@acme.com`;
      return {
        id: `u${u}m${m}`,
        eventKey: `u${u}m${m}`,
        summary: pick(TITLES),
        startsAt: new Date(start),
        endsAt: new Date(start + (chance(0.01) ? 7 * 60 : int(1, 12) * 15) * MIN),
        allDay: chance(0.01),
        status: 'confirmed',
        attendeesCount: attendees,
        attendees: Array.from({ length: attendees }, (_, a) => ({
          email: a === 0 ? organizer : `person${int(1, 500)}@acme.com`,
        })),
        organizerEmail: organizer,
        invitedAt: chance(0.9) ? new Date(start - int(1, 14 * 24) * HOUR) : null,
        intention: chance(0.5) ? pick(['standup', 'planning', 'information', 'one_on_one']) : null,
        location: chance(0.3) ? 'Room 4' : null,
        conferenceUrl: chance(0.4) ? 'https://meet.google.com/abc-defg-hij' : null,
        skipEvaluation: chance(0.01),
        parsedDescription: pick(parsedPool),
      };
    });
    return { timeZone, blocks, neighbours, meetings };
  });
}

function benchEvaluate(): boolean {
  const parsedPool = Array.from({ length: 500 }, () => parseDescription(description()));
  const users = workload(2_500, 40, parsedPool);
  const total = users.length * 40;
  const window = { from: Date.UTC(2025, 2, 8), to: Date.UTC(2025, 2, 17) };

  // Warm-up (JIT and the zone caches) on a copy of the work.
  const warm = workload(200, 40, parsedPool);
  for (const user of warm) {
    const index = indexBlockOccurrences(
      expandWellnessBlockOccurrences(user.blocks, { ...window, timeZone: user.timeZone }),
    );
    for (const m of user.meetings)
      evaluateMeeting(m, {
        settings: DEFAULT_EVALUATION_SETTINGS,
        blockOccurrences: index,
        otherMeetings: user.neighbours,
      });
  }

  const expandStart = performance.now();
  const indexes = users.map((user) =>
    indexBlockOccurrences(
      expandWellnessBlockOccurrences(user.blocks, { ...window, timeZone: user.timeZone }),
    ),
  );
  const expandMs = performance.now() - expandStart;

  const rounds: number[] = [];
  let checksum = 0;
  let unscored = 0;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    for (let u = 0; u < users.length; u++) {
      const user = users[u] as UserWorkload;
      const context = {
        settings: DEFAULT_EVALUATION_SETTINGS,
        blockOccurrences: indexes[u],
        otherMeetings: user.neighbours,
      };
      for (const m of user.meetings) {
        const result = evaluateMeeting(m, context);
        if (result.score === null) unscored++;
        else checksum += result.score + result.details_negative.length;
      }
    }
    rounds.push(performance.now() - start);
  }
  const ms = median(rounds);
  const perSecond = total / (ms / 1000);
  const withExpansion = total / ((ms + expandMs) / 1000);
  const blockOccurrences = indexes.reduce((s, i) => s + i.occurrences.length, 0);
  console.log(
    `  ${users.length.toLocaleString('en-US')} users × 40 meetings, 10 blocks (${blockOccurrences.toLocaleString('en-US')} occurrences in a 9-day window across a DST change) and 40 neighbours each`,
  );
  console.log(
    `  median of 3 rounds ${ms.toFixed(0)} ms; block expansion for all users ${expandMs.toFixed(0)} ms; average score ${(checksum / (3 * total - unscored)).toFixed(1)}, ${Math.round(unscored / 3)} not scored`,
  );
  const pass = report('evaluate 100,000 meetings', perSecond, 'evals/s', 200_000, perSecond >= 200_000);
  // Informational: the occurrences are expanded once per user and window, outside the evaluation loop.
  console.log(
    `  including the block expansion: ${Math.round(withExpansion).toLocaleString('en-US')} evals/s (${((expandMs * 1000) / (users.length * 10)).toFixed(1)} µs per block and window, cold)`,
  );
  return pass;
}

console.log(
  `packages/domain bench — Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, one core`,
);
const results = [benchEvaluate(), benchParse()];
if (results.includes(false)) process.exitCode = 1;
