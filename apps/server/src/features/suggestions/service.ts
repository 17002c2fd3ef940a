/**
 * What would raise scores, on stored meetings: the domain's suggestImprovements with the same inputs scoring
 * uses (settings, Wellness blocks, the meetings around, items), for one meeting or for a period of a person or
 * a team (periodImprovements over each event once).
 */
import {
  ALL_DAY_HOURS,
  evaluateMeeting,
  expandWellnessBlockOccurrences,
  indexBlockOccurrences,
  isValidTimeZone,
  type MeetingSuggestion,
  type PeriodImprovement,
  type PeriodMeetingSuggestions,
  periodImprovements,
  suggestImprovements,
} from '@meetwell/domain';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { agendaItems, meetings, objectives, preworkItems } from '../../db/schema';
import { mapInSlices } from '../../lib/next-turn';
import type { ItemStatuses } from '../evaluation/meeting-input';
import { toMeetingInput } from '../evaluation/meeting-input';
import { inWatchedCalendar, loadOtherMeetingRows, toOtherMeeting } from '../evaluation/other-meetings';
import { type EvaluationInputs, loadEvaluationInputs } from '../evaluation/score-meeting';
import { mergeSpans } from '../evaluation/spans';

const HOUR = 3_600_000;
/** A move stays on the meeting's day: the blocks and meetings within half a day either side are enough. */
const AROUND = 12 * HOUR;
/** A period's meetings evaluated at most (spread evenly over the period beyond it): a year of a big team stays fast. */
export const MAX_PERIOD_MEETINGS = 20_000;
/** Moves tried per meeting over a period (15-minute steps either way): the same bound for a year as for a week. */
const PERIOD_MOVE_STEPS = 40;

/** A meeting as the rules read it: without its description and stored evaluation (the heaviest columns). */
const { description: _description, evaluation: _evaluation, ...MEETING_COLUMNS } = getTableColumns(meetings);
type MeetingRow = Omit<typeof meetings.$inferSelect, 'description' | 'evaluation'>;

async function itemStatuses(ctx: AppContext, ids: string[]) {
  const byMeeting = new Map<string, ItemStatuses>();
  const empty = (): ItemStatuses => ({ agendaItems: [], objectives: [], preworkItems: [] });
  if (ids.length === 0) return byMeeting;
  const tables = [
    ['agendaItems', agendaItems],
    ['objectives', objectives],
    ['preworkItems', preworkItems],
  ] as const;
  for (const [field, table] of tables) {
    const rows = await ctx.db
      .select({ meetingId: table.meetingId, status: table.status })
      .from(table)
      .where(sql`${table.meetingId} = any(${sql.param(ids)}::uuid[])`);
    for (const r of rows) {
      const entry = byMeeting.get(r.meetingId) ?? empty();
      (entry[field] as { status: string }[]).push({ status: r.status });
      byMeeting.set(r.meetingId, entry);
    }
  }
  return byMeeting;
}

/**
 * The suggestions of each of one user's meetings (every change that raises its score, best first), evaluated as
 * scoring does. A move never goes before `now`.
 */
async function suggestForUser(
  ctx: AppContext,
  inputs: EvaluationInputs,
  rows: MeetingRow[],
  options: { limit: number; now: number; maxMoveSteps?: number },
): Promise<Map<string, { score: number | null; suggestions: MeetingSuggestion[] }>> {
  const out = new Map<string, { score: number | null; suggestions: MeetingSuggestion[] }>();
  if (rows.length === 0) return out;
  const spans = mergeSpans(
    rows.map((m) => ({
      from: new Date(m.startsAt.getTime() - AROUND),
      to: new Date(m.endsAt.getTime() + AROUND),
    })),
  );
  const [around, items] = await Promise.all([
    loadOtherMeetingRows(ctx.db, inputs.user.id, spans),
    itemStatuses(
      ctx,
      rows.map((m) => m.id),
    ),
  ]);
  const timeZone = isValidTimeZone(inputs.user.timeZone) ? inputs.user.timeZone : 'UTC';
  const occurrences = indexBlockOccurrences(
    expandWellnessBlockOccurrences(inputs.blocks, {
      from: new Date(spans[0]!.from),
      to: new Date(spans.at(-1)!.to),
      timeZone,
    }),
  );
  const neighbours = around.map((m) => toOtherMeeting(m, inputs.user.email));
  const context = {
    settings: inputs.settings.evaluation,
    blockOccurrences: occurrences,
    otherMeetings: neighbours,
  };
  await mapInSlices(rows, 500, (m) => {
    const input = toMeetingInput(m, items.get(m.id) ?? { agendaItems: [], objectives: [], preworkItems: [] });
    const evaluation = evaluateMeeting(input, context);
    const suggestions = suggestImprovements(
      input,
      context,
      {
        limit: options.limit,
        timeZone,
        // A past meeting is a what-if: it may move anywhere on its day; a future one only to later than now.
        now: m.startsAt.getTime() > options.now ? options.now : null,
        maxMoveSteps: options.maxMoveSteps,
      },
      evaluation,
    );
    out.set(m.id, { score: evaluation.score, suggestions });
  });
  return out;
}

/** The few changes that raise one stored meeting's score most (its owner's settings, blocks and meetings). */
export async function suggestionsForMeeting(
  ctx: AppContext,
  meeting: MeetingRow,
  options: { limit?: number; now?: number } = {},
): Promise<MeetingSuggestion[]> {
  const inputs = await loadEvaluationInputs(ctx.db, meeting.userId);
  if (!inputs) return [];
  const found = await suggestForUser(ctx, inputs, [meeting], {
    limit: options.limit ?? 3,
    now: options.now ?? Date.now(),
  });
  return found.get(meeting.id)?.suggestions ?? [];
}

/** Whose period: one user's meetings, or the team's (its current members', each event once). */
export type SuggestionScope =
  | { type: 'user'; userId: string; timeZone: string }
  | { type: 'company'; companyId: string; timeZone: string };

export type PeriodSuggestions = {
  improvements: PeriodImprovement[];
  /** Scored meetings of the period, and how many were evaluated (fewer only beyond MAX_PERIOD_MEETINGS). */
  meetings: number;
  evaluated: number;
  average_score: number | null;
};

function scopeCondition(scope: SuggestionScope): SQL {
  return scope.type === 'user'
    ? sql`${meetings.userId} = ${scope.userId}`
    : sql`${meetings.userId} in (select mb.user_id from memberships mb where mb.company_id = ${scope.companyId})`;
}

/**
 * The changes that would lift the period's average score most: the period's scored meetings (as the reports
 * count them: not all day, not cancelled, in watched calendars, starting on the period's local days; a team's
 * event once, its organizer's copy first, else the member's longest on the team), each evaluated with its
 * owner's inputs.
 */
export async function suggestionsForPeriod(
  ctx: AppContext,
  params: {
    scope: SuggestionScope;
    start: string;
    end: string;
    /** The invite statuses counted (the reports' byAttendeeStatus); null or none: every meeting. */
    statuses?: string[] | null;
    limit?: number;
    now?: number;
  },
): Promise<PeriodSuggestions> {
  const { scope, start, end } = params;
  const zone = scope.timeZone;
  const ownCopy = sql<boolean>`(lower(btrim(coalesce(${meetings.organizerEmail}, ''))) = (select lower(u.email) from users u where u.id = ${meetings.userId}))`;
  // As the team reports choose a copy: the organizer's own, else the member longest on the team's.
  const memberSince = sql`(select date_trunc('milliseconds', mb.created_at) from memberships mb where mb.user_id = ${meetings.userId} limit 1)`;
  const candidates = await ctx.db
    .select({ ...MEETING_COLUMNS, ownCopy })
    .from(meetings)
    .where(
      and(
        scopeCondition(scope),
        inWatchedCalendar(sql`meetings`),
        sql`${meetings.startsAt} >= (${start}::date::timestamp at time zone ${zone})`,
        sql`${meetings.startsAt} < ((${end}::date + 1)::timestamp at time zone ${zone})`,
        sql`${meetings.status} not in ('cancelled', 'deleted')`,
        sql`${meetings.score} is not null`,
        params.statuses
          ? sql`coalesce(${meetings.responseStatus}, 'needsAction') = any(${sql.param(params.statuses)}::text[])`
          : undefined,
        eq(meetings.allDay, false),
        sql`${meetings.endsAt} > ${meetings.startsAt}`,
        sql`${meetings.endsAt} - ${meetings.startsAt} < make_interval(hours => ${ALL_DAY_HOURS})`,
      ),
    )
    .orderBy(asc(meetings.eventKey), desc(ownCopy), asc(memberSince), asc(meetings.userId), asc(meetings.id));
  // Each event once: the first of its copies in that order.
  const all: MeetingRow[] = [];
  for (const { ownCopy: _own, ...row } of candidates)
    if (all.at(-1)?.eventKey !== row.eventKey) all.push(row);
  const step = all.length > MAX_PERIOD_MEETINGS ? all.length / MAX_PERIOD_MEETINGS : 1;
  const rows: MeetingRow[] = [];
  for (let i = 0; i < all.length && rows.length < MAX_PERIOD_MEETINGS; i++) {
    if (Math.floor(i / step) === rows.length) rows.push(all[i]!);
  }
  const byUser = new Map<string, MeetingRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row);
    byUser.set(row.userId, list);
  }
  const entries: PeriodMeetingSuggestions[] = [];
  for (const [userId, list] of byUser) {
    const inputs = await loadEvaluationInputs(ctx.db, userId);
    if (!inputs) continue;
    const found = await suggestForUser(ctx, inputs, list, {
      limit: Number.POSITIVE_INFINITY,
      now: params.now ?? Date.now(),
      maxMoveSteps: PERIOD_MOVE_STEPS,
    });
    for (const { score, suggestions } of found.values())
      if (score !== null) entries.push({ score, suggestions });
  }
  const average = entries.length ? entries.reduce((s, e) => s + e.score, 0) / entries.length : null;
  return {
    improvements: periodImprovements(entries, params.limit ?? 3),
    meetings: all.length,
    evaluated: entries.length,
    average_score: average === null ? null : Math.round(average * 10) / 10,
  };
}
