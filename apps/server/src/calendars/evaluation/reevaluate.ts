import {
  effectiveSettings,
  evaluateMeeting,
  expandWellnessBlockOccurrences,
  indexBlockOccurrences,
  meetingCost,
  otherMeetingInput,
} from '@meetwell/domain';
import { and, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type BulkColumn, jsonRecordset } from '../../db/bulk';
import type { Database } from '../../db/client';
import {
  agendaItems,
  companies,
  meetings,
  objectives,
  preworkItems,
  userSettings,
  users,
  wellnessBlocks,
} from '../../db/schema';
import { requestAutoBalance } from '../../features/autobalance/request';
import { invalidateReports } from '../../features/reports/rollups';
import { requestReportWarmup } from '../../features/reports/warm-reports';
import type { TouchedSpan } from '../sync/store-events';

const HOUR = 3_600_000;
/** Spans re-evaluated together: one query for the meetings around all of them. */
const SPANS_PER_PASS = 500;

type Span = { from: number; to: number };

/**
 * The meeting (SQL alias) belongs to a calendar that is balanced: meetings of a calendar switched off stay
 * stored (with what the person added) but take part in nothing until it is switched on again.
 */
export const inWatchedCalendar = (alias: SQL) =>
  sql`exists (select 1 from calendars wc where wc.id = ${alias}.calendar_id and wc.watching)`;

/** Meetings of the user overlapping any of the (sorted, disjoint) spans. */
export function overlapping(userId: string, spans: Span[]) {
  const starts = sql.param(spans.map((s) => new Date(s.from).toISOString()));
  const ends = sql.param(spans.map((s) => new Date(s.to).toISOString()));
  // LATERAL keeps one (user_id, starts_at) index range scan per span whatever the (often stale, right after a
  // bulk import) statistics say (OFFSET 0 stops the planner from flattening it into a plain join, which may
  // scan all the user's meetings once per span).
  return sql`${meetings.id} in (
    select near.id from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as r(f, t)
    cross join lateral (
      select n.id from meetings n where n.user_id = ${userId}
        and n.starts_at >= r.f - interval '12 hours' and n.starts_at < r.t and n.ends_at > r.f
        and ${inWatchedCalendar(sql`n`)}
      offset 0
    ) as near)`;
}

/** What the conflict rule needs of the user's meetings overlapping the spans (not deleted). */
export function loadNeighbours(db: Pick<AppContext['db'], 'select'>, userId: string, spans: Span[]) {
  return db
    .select({
      id: meetings.id,
      eventKey: meetings.eventKey,
      summary: meetings.summary,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      allDay: meetings.allDay,
      status: meetings.status,
      responseStatus: meetings.responseStatus,
      organizerEmail: meetings.organizerEmail,
      skipEvaluation: meetings.skipEvaluation,
      attendeesCount: meetings.attendeesCount,
      maybeWellnessBlock: meetings.maybeWellnessBlock,
      wellnessBlockId: meetings.wellnessBlockId,
    })
    .from(meetings)
    .where(and(eq(meetings.userId, userId), ne(meetings.status, 'deleted'), overlapping(userId, spans)));
}

export function mergeSpans(spans: readonly TouchedSpan[]): Span[] {
  const sorted = spans
    .map((s) => ({ from: s.from.getTime(), to: Math.max(s.to.getTime(), s.from.getTime()) }))
    .sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.from <= last.to + HOUR) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

export async function loadEvaluationInputs(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({ user: users, settings: userSettings, company: companies })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const settings = effectiveSettings({
    inTeam: Boolean(row.company),
    teamEvaluationSettings: row.company?.evaluationSettings,
    userEvaluationSettings: row.settings?.evaluationSettings,
    teamActionSettings: row.company?.actionSettings,
    userActionSettings: row.settings?.actionSettings,
  });
  const blocks = await db.select().from(wellnessBlocks).where(eq(wellnessBlocks.userId, userId));
  return { user: row.user, settings, blocks };
}

type ItemStatuses = Map<string, { status: string }[]>;

async function loadItemStatuses(
  ctx: AppContext,
  table: typeof agendaItems | typeof objectives | typeof preworkItems,
  ids: string[],
) {
  const byMeeting: ItemStatuses = new Map();
  if (ids.length === 0) return byMeeting;
  const rows = await ctx.db
    .select({ meetingId: table.meetingId, status: table.status })
    .from(table)
    .where(sql`${table.meetingId} = any(${sql.param(ids)}::uuid[])`);
  for (const r of rows) {
    const list = byMeeting.get(r.meetingId) ?? [];
    list.push({ status: r.status });
    byMeeting.set(r.meetingId, list);
  }
  return byMeeting;
}

/**
 * Re-evaluates every meeting of the user that overlaps one of the spans, with its neighbours, the user's
 * Wellness blocks and settings, and stores score, label and results. Returns the ids whose score changed.
 */
export async function reevaluateSpans(
  ctx: AppContext,
  userId: string,
  spans: TouchedSpan[],
  options: {
    /** Spans whose meetings were already scored (storeSyncResult on a first import): reports still drop them. */
    scored?: readonly TouchedSpan[];
  } = {},
): Promise<string[]> {
  const merged = mergeSpans(spans);
  const reported = options.scored?.length ? mergeSpans([...spans, ...options.scored]) : merged;
  if (reported.length === 0) return [];
  const inputs = await loadEvaluationInputs(ctx.db, userId);
  if (!inputs) return [];
  const changed: string[] = [];
  for (let i = 0; i < merged.length; i += SPANS_PER_PASS) {
    const pass = merged.slice(i, i + SPANS_PER_PASS);
    changed.push(...(await reevaluatePass(ctx, inputs, pass)));
  }
  // The report roll-ups of these days (the user's and the team's) are dropped and rebuilt…
  await invalidateReports(ctx.db, {
    userIds: [userId],
    companyIds: [inputs.user.companyId],
    spans: reported.map((s) => ({ from: new Date(s.from), to: new Date(s.to) })),
  });
  // …by a job soon after, so that no Review read has to build them inside the request.
  await requestReportWarmup(ctx, userId);
  // Auto-balance decides again in the workers (SCORING.md §6), once per burst of changes for this user.
  await requestAutoBalance(ctx, userId);
  return changed;
}

export type Inputs = NonNullable<Awaited<ReturnType<typeof loadEvaluationInputs>>>;

async function reevaluatePass(ctx: AppContext, inputs: Inputs, spans: Span[]): Promise<string[]> {
  // Targets overlap a span; their neighbours overlap a target. Both are found through the (user, starts_at)
  // index: a meeting that overlaps a range starts at most 12 hours before it, or is all day (and never conflicts).
  const { description: _description, ...columns } = getTableColumns(meetings);
  const targets = await ctx.db
    .select(columns)
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, inputs.user.id),
        ne(meetings.status, 'deleted'),
        overlapping(inputs.user.id, spans),
      ),
    );
  if (targets.length === 0) return [];
  const targetSpans = mergeSpans(targets.map((m) => ({ from: m.startsAt, to: m.endsAt })));
  const around = await loadNeighbours(ctx.db, inputs.user.id, targetSpans);
  const first = new Date(Math.min(spans[0]!.from, targetSpans[0]!.from));
  const last = new Date(Math.max(spans.at(-1)!.to, targetSpans.at(-1)!.to));
  const ids = targets.map((m) => m.id);
  const [agenda, objectiveRows, prework] = await Promise.all([
    loadItemStatuses(ctx, agendaItems, ids),
    loadItemStatuses(ctx, objectives, ids),
    loadItemStatuses(ctx, preworkItems, ids),
  ]);
  const occurrences = indexBlockOccurrences(
    expandWellnessBlockOccurrences(inputs.blocks, { from: first, to: last, timeZone: inputs.user.timeZone }),
  );
  const neighbours = around.map((m) => neighbourOf(inputs, m));
  const changed: string[] = [];
  const updates = targets.map((m) => {
    const { evaluation, stored, cost } = scoreMeeting(
      inputs,
      m,
      {
        agendaItems: agenda.get(m.id) ?? [],
        objectives: objectiveRows.get(m.id) ?? [],
        preworkItems: prework.get(m.id) ?? [],
      },
      occurrences,
      neighbours,
    );
    if (evaluation.score !== m.score) changed.push(m.id);
    const same = evaluation.score === m.score && cost === m.cost && sameJson(stored, m.evaluation);
    return same
      ? null
      : {
          id: m.id,
          score: evaluation.score,
          qualityLabel: evaluation.quality_label,
          evaluation: stored,
          cost,
        };
  });
  await writeEvaluations(
    ctx,
    updates.filter((u): u is NonNullable<typeof u> => u !== null),
  );
  return changed;
}

type NeighbourRow = Pick<
  typeof meetings.$inferSelect,
  | 'id'
  | 'eventKey'
  | 'summary'
  | 'startsAt'
  | 'endsAt'
  | 'allDay'
  | 'status'
  | 'responseStatus'
  | 'organizerEmail'
  | 'skipEvaluation'
  | 'attendeesCount'
  | 'maybeWellnessBlock'
  | 'wellnessBlockId'
>;

/** A meeting as a neighbour of the one evaluated (conflicts). */
/** The conflict rule's view of a neighbour: the domain's one builder (addresses compared normalised). */
export function neighbourOf(inputs: Inputs, m: NeighbourRow) {
  return otherMeetingInput(m, inputs.user.email);
}

type ScoredRow = NeighbourRow &
  Pick<
    typeof meetings.$inferSelect,
    'location' | 'conferenceUrl' | 'invitedAt' | 'intention' | 'eventReportCardId' | 'durationSeconds'
  >;

/** Evaluates one meeting and prices it: what reevaluateSpans stores in score, quality_label, evaluation, cost. */
export function scoreMeeting(
  inputs: Inputs,
  m: ScoredRow,
  items: {
    agendaItems: { status: string }[];
    objectives: { status: string }[];
    preworkItems: { status: string }[];
  },
  occurrences: ReturnType<typeof indexBlockOccurrences>,
  neighbours: ReturnType<typeof neighbourOf>[],
) {
  const evaluation = evaluateMeeting(
    {
      id: m.id,
      eventKey: m.eventKey,
      summary: m.summary,
      // The description was searched for a video link when the event was stored (conferenceUrl).
      description: null,
      location: m.location,
      conferenceUrl: m.conferenceUrl,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      allDay: m.allDay,
      status: m.status,
      attendeesCount: m.attendeesCount,
      organizerEmail: m.organizerEmail,
      invitedAt: m.invitedAt,
      intention: m.intention,
      skipEvaluation: m.skipEvaluation,
      maybeWellnessBlock: m.maybeWellnessBlock,
      wellnessBlockId: m.wellnessBlockId,
      eventReportCardId: m.eventReportCardId,
      ...items,
    },
    { settings: inputs.settings.evaluation, blockOccurrences: occurrences, otherMeetings: neighbours },
  );
  const cost = meetingCost({
    durationSeconds: m.durationSeconds,
    attendeesCount: m.attendeesCount,
    annualSalary: inputs.user.annualSalary,
  });
  const stored = {
    results: evaluation.results,
    details_positive: evaluation.details_positive,
    details_negative: evaluation.details_negative,
    details_maybe: evaluation.details_maybe,
    not_scored_reason: evaluation.not_scored_reason,
    letter_grade: evaluation.letter_grade,
    violations: evaluation.violations,
  };
  return { evaluation, stored, cost };
}

/**
 * Whether a computed value equals what jsonb gave back: jsonb reorders object keys, so comparing two
 * JSON.stringify outputs never matched. Keys holding undefined count as absent (JSON drops them).
 */
function sameJson(computed: unknown, stored: unknown): boolean {
  if (computed === stored) return true;
  if (typeof computed !== 'object' || typeof stored !== 'object' || computed === null || stored === null)
    return false;
  if (Array.isArray(computed)) {
    if (!Array.isArray(stored) || computed.length !== stored.length) return false;
    for (let i = 0; i < computed.length; i++) {
      // JSON writes undefined array entries as null.
      if (!sameJson(computed[i] === undefined ? null : computed[i], stored[i])) return false;
    }
    return true;
  }
  if (Array.isArray(stored) || Object.getPrototypeOf(computed) !== Object.prototype) return false;
  const a = computed as Record<string, unknown>;
  const b = stored as Record<string, unknown>;
  let count = 0;
  for (const key in a) {
    const value = a[key];
    if (value === undefined) continue;
    count++;
    if (!Object.hasOwn(b, key) || !sameJson(value, b[key])) return false;
  }
  return count === Object.keys(b).length;
}

type EvaluationUpdate = {
  id: string;
  score: number | null;
  qualityLabel: string | null;
  evaluation: unknown;
  cost: number;
};

const EVALUATION_COLUMNS: readonly BulkColumn<EvaluationUpdate>[] = [
  ['id', 'uuid', (u) => u.id],
  ['score', 'integer', (u) => u.score],
  ['quality_label', 'text', (u) => u.qualityLabel],
  ['evaluation', 'json', (u) => u.evaluation],
  ['cost', 'integer', (u) => u.cost],
];

async function writeEvaluations(ctx: AppContext, updates: EvaluationUpdate[]) {
  for (let i = 0; i < updates.length; i += 2000) {
    const batch = updates.slice(i, i + 2000);
    await ctx.db.execute(sql`
      update meetings as m set
        score = u.score,
        quality_label = u.quality_label,
        evaluation = u.evaluation,
        cost = u.cost,
        evaluated_at = now()
      from ${jsonRecordset(EVALUATION_COLUMNS, batch, 'u')}
      where m.id = u.id`);
  }
}

/** Re-evaluates the given meetings (an agenda item changed, a flag toggled) and their neighbours. */
export async function reevaluateMeetings(ctx: AppContext, userId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return [];
  const rows = await ctx.db
    .select({ startsAt: meetings.startsAt, endsAt: meetings.endsAt })
    .from(meetings)
    .where(and(eq(meetings.userId, userId), inArray(meetings.id, meetingIds)));
  return reevaluateSpans(
    ctx,
    userId,
    rows.map((r) => ({ from: r.startsAt, to: r.endsAt })),
  );
}
