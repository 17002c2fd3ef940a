/** The average scores report: per organizer per local day, and the organizers' leaderboard. */
import { personColor } from '../constants/colors';
import { normalizeEmail } from '../validation/email';
import { countByOrganizer } from './duration-and-cost-details';
import { type ReportActionRow, type ReportMeetingRow, ratio, reportableRows } from './rows';
import { localDay } from './shared';

export interface OrganizerDayAverage {
  organizer_email: string;
  day: string;
  /** 2 decimals. */
  average: number;
  count: number;
}

export interface LeaderboardRow {
  organizer_email: string;
  name: string | null;
  profile_image: string | null;
  average: number;
  count: number;
  /** Past actions (reminders and declines) sent to this organizer. */
  nudges: number;
  color: string;
}

export interface AverageScoresByReport {
  /** Sorted by day, then organizer. */
  rows: OrganizerDayAverage[];
  /** Sorted by average descending (then count descending, then email). */
  leaderboard: LeaderboardRow[];
}

/** One organizer's score sums, on one day (dayRows) or over the span (organizers). */
export interface OrganizerScoreSums {
  email: string;
  /** 'YYYY-MM-DD' (dayRows only). */
  day?: string;
  scoreSum: number;
  meetings: number;
  name?: string | null;
  profileImage?: string | null;
}

/** reportAverageScoresBy from sums per organizer per day and per organizer, with nudges per organizer. */
export function averageScoresByFromSums(sums: {
  dayRows: readonly OrganizerScoreSums[];
  organizers: readonly OrganizerScoreSums[];
  nudgesByOrganizer?: ReadonlyMap<string, number>;
}): AverageScoresByReport {
  const dayRows = sums.dayRows
    .map((d) => ({
      organizer_email: d.email,
      day: d.day ?? '',
      average: ratio(d.scoreSum, d.meetings),
      count: d.meetings,
    }))
    .sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : a.organizer_email < b.organizer_email ? -1 : 1,
    );
  const leaderboard = sums.organizers
    .map((o) => ({
      organizer_email: o.email,
      name: o.name ?? null,
      profile_image: o.profileImage ?? null,
      average: ratio(o.scoreSum, o.meetings),
      count: o.meetings,
      nudges: sums.nudgesByOrganizer?.get(o.email) ?? 0,
      color: '',
    }))
    .sort(
      (a, b) =>
        b.average - a.average ||
        b.count - a.count ||
        (a.organizer_email < b.organizer_email ? -1 : a.organizer_email > b.organizer_email ? 1 : 0),
    )
    .map((row) => ({ ...row, color: personColor(row.organizer_email) }));
  return { rows: dayRows, leaderboard };
}

/** Average score per organizer per local day, and the organizers' leaderboard. */
export function reportAverageScoresBy(
  rows: readonly ReportMeetingRow[],
  options: { timeZone?: string | null; pastActions?: readonly ReportActionRow[] } = {},
): AverageScoresByReport {
  const perDay = new Map<string, OrganizerScoreSums>();
  const perOrganizer = new Map<string, OrganizerScoreSums>();
  for (const r of reportableRows(rows)) {
    const email = normalizeEmail(r.row.organizerEmail);
    const day = localDay(r.start, options.timeZone);
    const key = `${day}\u0001${email}`;
    const d = perDay.get(key) ?? { email, day, scoreSum: 0, meetings: 0 };
    d.scoreSum += r.score;
    d.meetings++;
    perDay.set(key, d);
    const o = perOrganizer.get(email) ?? { email, scoreSum: 0, meetings: 0, name: null, profileImage: null };
    o.scoreSum += r.score;
    o.meetings++;
    o.name ??= r.row.organizerName ?? null;
    o.profileImage ??= r.row.organizerProfileImage ?? null;
    perOrganizer.set(email, o);
  }
  return averageScoresByFromSums({
    dayRows: [...perDay.values()],
    organizers: [...perOrganizer.values()],
    nudgesByOrganizer: countByOrganizer(options.pastActions),
  });
}
