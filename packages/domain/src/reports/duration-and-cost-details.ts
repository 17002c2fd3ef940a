/** The duration and cost details report: hours, counts, costs and shares per organizer, category and intention. */
import { intentionLabel } from '../constants/intentions';
import { meetingCost } from '../cost/cost';
import { isGoodScore } from '../evaluation/grades';
import { normalizeEmail } from '../validation/email';
import { type ReportActionRow, type ReportMeetingRow, ratio, reportableRows } from './rows';
import { byCount, hours2 } from './shared';

export interface OrganizerDetail {
  email: string;
  name: string | null;
  profile_image: string | null;
  good_hours: number;
  bad_hours: number;
  total_hours: number;
  count: number;
  cost: number;
  /** Share of the meetings (count), 2 decimals. */
  percent: number;
  past_actions: number;
}

export interface BreakdownDetail {
  count: number;
  hours: number;
  cost: number;
  /** Share of the meetings (count), 2 decimals. */
  percent: number;
}

export interface DurationAndCostDetailsReport {
  /** Sorted by count, descending (then email). */
  organizers: OrganizerDetail[];
  /** Recurring and single meetings. */
  categories: (BreakdownDetail & { category: 'recurring' | 'single' })[];
  /** By intention ('none' for meetings without one), sorted by count descending. */
  intentions: (BreakdownDetail & { intention: string; label: string })[];
}

/** One group of meetings (an organizer, a category, an intention) as sums: SQL's GROUP BY gives them. */
export interface GroupSums {
  key: string;
  meetings: number;
  /** Σ duration in whole seconds. */
  seconds: number;
  /** Σ duration of the good meetings (score ≥ GOOD_SCORE_THRESHOLD). */
  goodSeconds: number;
  /** Σ meetingCost. */
  cost: number;
  /** Organizers only. */
  name?: string | null;
  profileImage?: string | null;
}

/** Past actions counted per organizer (normalised email). */
export function countByOrganizer(actions: readonly ReportActionRow[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of actions ?? []) {
    const email = normalizeEmail(a?.organizerEmail);
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

/**
 * reportDurationAndCostDetails from group sums: every meeting is in exactly one organizer, one category
 * ('recurring' | 'single') and one intention group ('none' without one).
 */
export function durationAndCostDetailsFromGroups(
  groups: {
    organizers: readonly GroupSums[];
    categories: readonly GroupSums[];
    intentions: readonly GroupSums[];
  },
  options: { pastActionsByOrganizer?: ReadonlyMap<string, number> } = {},
): DurationAndCostDetailsReport {
  let total = 0;
  for (const g of groups.categories) total += g.meetings;
  const detail = (g: GroupSums): BreakdownDetail => ({
    count: g.meetings,
    hours: hours2(g.seconds),
    cost: g.cost,
    percent: ratio(g.meetings * 100, total),
  });
  const categories = new Map(groups.categories.map((g) => [g.key, g]));
  return {
    organizers: groups.organizers
      .map((g) => ({
        email: g.key,
        name: g.name ?? null,
        profile_image: g.profileImage ?? null,
        good_hours: hours2(g.goodSeconds),
        bad_hours: hours2(g.seconds - g.goodSeconds),
        total_hours: hours2(g.seconds),
        count: g.meetings,
        cost: g.cost,
        percent: ratio(g.meetings * 100, total),
        past_actions: options.pastActionsByOrganizer?.get(g.key) ?? 0,
      }))
      .sort(byCount((o) => o.email)),
    categories: (['recurring', 'single'] as const)
      .filter((c) => categories.has(c))
      .map((category) => ({ category, ...detail(categories.get(category) as GroupSums) })),
    intentions: groups.intentions
      .map((g) => ({ intention: g.key, label: intentionLabel(g.key) ?? 'None', ...detail(g) }))
      .sort(byCount((i) => i.intention)),
  };
}

function addTo(
  map: Map<string, GroupSums>,
  key: string,
  seconds: number,
  good: boolean,
  cost: number,
): GroupSums {
  let acc = map.get(key);
  if (!acc) {
    acc = { key, meetings: 0, seconds: 0, goodSeconds: 0, cost: 0 };
    map.set(key, acc);
  }
  acc.meetings++;
  acc.seconds += seconds;
  if (good) acc.goodSeconds += seconds;
  acc.cost += cost;
  return acc;
}

/** Per organizer, per category (recurring or not) and per intention: hours, counts, costs and shares. */
export function reportDurationAndCostDetails(
  rows: readonly ReportMeetingRow[],
  options: { annualSalary: number; pastActions?: readonly ReportActionRow[] },
): DurationAndCostDetailsReport {
  const organizers = new Map<string, GroupSums>();
  const categories = new Map<string, GroupSums>();
  const intentions = new Map<string, GroupSums>();
  for (const r of reportableRows(rows)) {
    const cost = meetingCost({
      durationSeconds: r.durationSeconds,
      attendeesCount: r.row.attendeesCount,
      annualSalary: options.annualSalary,
    });
    const good = isGoodScore(r.score);
    const email = normalizeEmail(r.row.organizerEmail);
    const isNew = !organizers.has(email);
    const organizer = addTo(organizers, email, r.durationSeconds, good, cost);
    if (isNew || (!organizer.name && r.row.organizerName)) {
      organizer.name = r.row.organizerName ?? null;
      organizer.profileImage = r.row.organizerProfileImage ?? null;
    }
    addTo(categories, r.row.recurring ? 'recurring' : 'single', r.durationSeconds, good, cost);
    addTo(intentions, r.row.intention || 'none', r.durationSeconds, good, cost);
  }
  return durationAndCostDetailsFromGroups(
    {
      organizers: [...organizers.values()],
      categories: [...categories.values()],
      intentions: [...intentions.values()],
    },
    { pastActionsByOrganizer: countByOrganizer(options.pastActions) },
  );
}
