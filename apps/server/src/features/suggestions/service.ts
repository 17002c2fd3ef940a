/**
 * What would raise scores, on stored meetings: the domain's suggestImprovements with the same inputs scoring
 * uses (settings, Wellness blocks, the meetings around, items), for one meeting or for a period of a person or
 * a team (periodImprovements over each event once).
 */
import {
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
import { getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { agendaItems, meetings, objectives, preworkItems } from '../../db/schema';
import { mapConcurrently } from '../../lib/map-concurrently';
import { mapInTurns } from '../../lib/next-turn';
import type { ItemStatuses } from '../evaluation/meeting-input';
import { toMeetingInput } from '../evaluation/meeting-input';
import {
  loadOtherMeetingRows,
  loadOtherMeetingRowsOf,
  type OtherMeetingRow,
  toOtherMeeting,
} from '../evaluation/other-meetings';
import {
  type EvaluationInputs,
  loadEvaluationInputs,
  loadEvaluationInputsOf,
} from '../evaluation/score-meeting';
import { mergeSpans } from '../evaluation/spans';
import type { StatusFilter } from '../reports/params';
import { countedMeetings, firstCopyOrder, scopeSource } from '../reports/rollup-days';
import { builtPeriod } from '../reports/rollups';
import type { ReportScope } from '../reports/scope';

const HOUR = 3_600_000;
/** A move stays on the meeting's day: the blocks and meetings within half a day either side are enough. */
const AROUND = 12 * HOUR;
/**
 * About how many of a period's meetings are evaluated at most (a sample beyond it, pickPeriodMeetings): the
 * averages are then the sample's (their error is a few tenths of a point) and the counts are scaled to the
 * period. A big team's year answers in seconds instead of a minute.
 */
export const PERIOD_SAMPLE = 3_000;
/** Members whose meetings are evaluated side by side (a few connections of the pool). */
const USERS_AT_A_TIME = 4;
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

/** Where a meeting may move and what it may meet there: its time, half a day either side, merged. */
const spansAround = (rows: readonly MeetingRow[]) =>
  mergeSpans(
    rows.map((m) => ({
      from: new Date(m.startsAt.getTime() - AROUND),
      to: new Date(m.endsAt.getTime() + AROUND),
    })),
  );

/**
 * The suggestions of each of one user's meetings (every change that raises its score, best first), evaluated as
 * scoring does. A move never goes before `now`.
 */
async function suggestForUser(
  ctx: AppContext,
  inputs: EvaluationInputs,
  rows: MeetingRow[],
  options: {
    limit: number;
    now: number;
    maxMoveSteps?: number;
    /** The meetings' items, when read already (a period reads them for every member at once). */
    items?: Map<string, ItemStatuses>;
    /** The user's meetings around them (spansAround), when read already (a period reads every member's at once). */
    around?: OtherMeetingRow[];
  },
): Promise<Map<string, { score: number | null; suggestions: MeetingSuggestion[] }>> {
  const out = new Map<string, { score: number | null; suggestions: MeetingSuggestion[] }>();
  if (rows.length === 0) return out;
  const spans = spansAround(rows);
  const [around, items] = await Promise.all([
    options.around ?? loadOtherMeetingRows(ctx.db, inputs.user.id, spans),
    options.items ??
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
  await mapInTurns(rows, (m) => {
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

export type PeriodSuggestions = {
  improvements: PeriodImprovement[];
  /** Scored meetings of the period, and how many were evaluated (fewer only beyond PERIOD_SAMPLE). */
  meetings: number;
  evaluated: number;
  average_score: number | null;
};

/**
 * The changes that would lift the period's average score most: the meetings the period's reports count
 * (reports/rollup-days.ts: the same rules and copies, a team's event once), each evaluated with its owner's
 * inputs; beyond PERIOD_SAMPLE of them, a sample (pickPeriodMeetings).
 */
export async function suggestionsForPeriod(
  ctx: AppContext,
  params: {
    scope: ReportScope;
    start: string;
    end: string;
    filter: StatusFilter;
    limit?: number;
    now?: number;
    /** Meetings evaluated at most (PERIOD_SAMPLE). */
    sample?: number;
  },
): Promise<PeriodSuggestions> {
  const { picked, total } = await pickPeriodMeetings(ctx, {
    ...params,
    sample: params.sample ?? PERIOD_SAMPLE,
  });
  const order = new Map(picked.map((id, i) => [id, i]));
  const found = picked.length
    ? await ctx.db
        .select(MEETING_COLUMNS)
        .from(meetings)
        .where(inValues(meetings.id, picked, 'uuid'))
    : [];
  const rows = found.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const byUser = new Map<string, MeetingRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row);
    byUser.set(row.userId, list);
  }
  // Every member's inputs, every meeting's items and the meetings around them at once (a round trip per member
  // was most of a team year's time); then a few members at a time, a little CPU each.
  const inputsOf = await loadEvaluationInputsOf(ctx.db, [...byUser.keys()]);
  const items = await itemStatuses(ctx, picked);
  const aroundOf = await loadOtherMeetingRowsOf(
    ctx.db,
    new Map([...byUser].map(([userId, list]) => [userId, spansAround(list)])),
  );
  const perUser = await mapConcurrently([...byUser], USERS_AT_A_TIME, async ([userId, list]) => {
    const inputs = inputsOf.get(userId);
    if (!inputs) return [];
    const evaluated = await suggestForUser(ctx, inputs, list, {
      limit: Number.POSITIVE_INFINITY,
      now: params.now ?? Date.now(),
      maxMoveSteps: PERIOD_MOVE_STEPS,
      items,
      around: aroundOf.get(userId) ?? [],
    });
    return [...evaluated.values()];
  });
  const entries: PeriodMeetingSuggestions[] = [];
  for (const { score, suggestions } of perUser.flat())
    if (score !== null) entries.push({ score, suggestions });
  const average = entries.length ? entries.reduce((s, e) => s + e.score, 0) / entries.length : null;
  // Each evaluated meeting stands for total ÷ sampled of the period's (1 up to PERIOD_SAMPLE).
  const represented = rows.length ? Math.round((entries.length * total) / rows.length) : 0;
  return {
    improvements: periodImprovements(entries, params.limit ?? 3, represented),
    meetings: total,
    evaluated: entries.length,
    average_score: average === null ? null : Math.round(average * 10) / 10,
  };
}

/**
 * The period's counted meetings, each event once (their ids, in event order), and how many there are; beyond
 * `sample` of them, a sample. Chosen in PostgreSQL: a big team's year is over a million rows, which brought
 * here took gigabytes and held the thread for seconds.
 *
 * When the period's report days are built (Review reads them first, a job builds them after each change),
 * their sum is the count, and beyond `sample` the sample is every event whose key hashes to 0 modulo
 * ⌈count ÷ sample⌉: about `sample` events, the same ones on every read, spread over the period as event keys
 * are, each with all its copies so that the first copy is the report's. Ordering the whole period's rows by
 * event to take an even spread of them took 2.3 s of a team year's 3.8 s; the hashed sample, 0.45 s.
 */
async function pickPeriodMeetings(
  ctx: AppContext,
  params: { scope: ReportScope; start: string; end: string; filter: StatusFilter; sample: number },
): Promise<{ picked: string[]; total: number }> {
  const { scope, start, end, filter, sample } = params;
  const source = scopeSource(scope);
  const counted = countedMeetings({ source, first: start, last: end, zone: scope.timeZone, filter });
  const built = (await builtPeriod(ctx.db, params))?.meetings ?? null;
  if (built !== null && built > sample) {
    const every = Math.ceil(built / sample);
    const { rows } = await ctx.db.execute<{ id: string }>(sql`
      select distinct on (m.event_key) m.id
      from meetings m
      join users u on u.id = m.user_id
      ${source.join}
      where ${counted} and (hashtext(m.event_key) & 2147483647) % ${every}::int = 0
      order by m.event_key, ${firstCopyOrder(source)}`);
    return { picked: rows.map((r) => r.id), total: built };
  }
  const { rows } = await ctx.db.execute<{ id: string; total: number }>(sql`
    with picked as (
      select distinct on (m.event_key) m.id, m.event_key
      from meetings m
      join users u on u.id = m.user_id
      ${source.join}
      where ${counted}
      order by m.event_key, ${firstCopyOrder(source)}
    ),
    numbered as (
      select id, (row_number() over (order by event_key) - 1)::float8 as i, (count(*) over ())::int as total
      from picked
    )
    select id, total from numbered
    where i = 0
       or floor(i / greatest(total / ${sample}::float8, 1))
          > floor((i - 1) / greatest(total / ${sample}::float8, 1))
    order by i`);
  return { picked: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}
