import { expandWellnessBlockOccurrences, indexBlockOccurrences } from '@meetwell/domain';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type BulkColumn, inValues, jsonRecordset } from '../../db/bulk';
import { agendaItems, meetings, objectives, preworkItems } from '../../db/schema';
import { mapInTurns } from '../../lib/next-turn';
import { sameJson } from '../../lib/same-json';
import { afterMeetingsChanged } from './after-meetings-changed';
import { loadOtherMeetingRows, overlapping, toOtherMeeting } from './other-meetings';
import { type EvaluationInputs, loadEvaluationInputs, scoreMeeting } from './score-meeting';
import { mergeSpans, type Span, type TouchedSpan } from './spans';

/** Spans re-evaluated together: one query for the meetings around all of them. */
const SPANS_PER_PASS = 500;

type ItemStatusesByMeeting = Map<string, { status: string }[]>;

async function loadItemStatuses(
  ctx: AppContext,
  table: typeof agendaItems | typeof objectives | typeof preworkItems,
  ids: string[],
) {
  const byMeeting: ItemStatusesByMeeting = new Map();
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
 * Wellness blocks and settings, and stores score, label and results; then afterMeetingsChanged. Returns the
 * ids whose score changed.
 */
export async function reevaluateSpans(
  ctx: AppContext,
  userId: string,
  spans: readonly TouchedSpan[],
  options: {
    /** Spans whose meetings were already scored (a first import scores while storing): reports still drop them. */
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
  await afterMeetingsChanged(ctx, {
    userId,
    companyId: inputs.user.companyId,
    spans: reported.map((s) => ({ from: new Date(s.from), to: new Date(s.to) })),
  });
  return changed;
}

async function reevaluatePass(ctx: AppContext, inputs: EvaluationInputs, spans: Span[]): Promise<string[]> {
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
  const around = await loadOtherMeetingRows(ctx.db, inputs.user.id, targetSpans);
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
  const neighbours = around.map((m) => toOtherMeeting(m, inputs.user.email));
  const changed: string[] = [];
  // In slices: a whole window of a big calendar is tens of thousands of scores on the thread serving requests.
  const updates = await mapInTurns(targets, (m) => {
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
    .where(and(eq(meetings.userId, userId), inValues(meetings.id, meetingIds, 'uuid')));
  return reevaluateSpans(
    ctx,
    userId,
    rows.map((r) => ({ from: r.startsAt, to: r.endsAt })),
  );
}
