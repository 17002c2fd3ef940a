import {
  effectiveSettings,
  evaluateMeeting,
  expandWellnessBlockOccurrences,
  indexBlockOccurrences,
  meetingCost,
} from '@meetwell/domain';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
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
import type { TouchedSpan } from '../sync/store-events';

const HOUR = 3_600_000;
/** Meetings this far around a touched span are loaded as neighbours for the conflict rule. */
const NEIGHBOUR_MARGIN_MS = 24 * HOUR;

function mergeSpans(spans: TouchedSpan[]): { from: number; to: number }[] {
  const sorted = spans
    .map((s) => ({ from: s.from.getTime(), to: Math.max(s.to.getTime(), s.from.getTime()) }))
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.from <= last.to + HOUR) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

async function loadEvaluationInputs(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
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
  const blocks = await ctx.db.select().from(wellnessBlocks).where(eq(wellnessBlocks.userId, userId));
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
    .where(inArray(table.meetingId, ids));
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
): Promise<string[]> {
  const merged = mergeSpans(spans);
  if (merged.length === 0) return [];
  const inputs = await loadEvaluationInputs(ctx, userId);
  if (!inputs) return [];
  const changed: string[] = [];
  // Spans are processed a few at a time so a 20,000-event import stays in bounded memory.
  for (const span of merged) {
    const from = new Date(span.from - NEIGHBOUR_MARGIN_MS);
    const to = new Date(span.to + NEIGHBOUR_MARGIN_MS);
    const around = await ctx.db
      .select()
      .from(meetings)
      .where(
        and(
          eq(meetings.userId, userId),
          ne(meetings.status, 'deleted'),
          lt(meetings.startsAt, to),
          gt(meetings.endsAt, from),
        ),
      );
    const targets = around.filter(
      (m) => m.startsAt.getTime() < span.to + 1 && m.endsAt.getTime() > span.from - 1,
    );
    if (targets.length === 0) continue;
    const ids = targets.map((m) => m.id);
    const [agenda, objectiveRows, prework] = await Promise.all([
      loadItemStatuses(ctx, agendaItems, ids),
      loadItemStatuses(ctx, objectives, ids),
      loadItemStatuses(ctx, preworkItems, ids),
    ]);
    const occurrences = indexBlockOccurrences(
      expandWellnessBlockOccurrences(
        inputs.blocks.map((b) => ({ ...b, timeZone: b.timeZone })),
        { from, to, timeZone: inputs.user.timeZone },
      ),
    );
    const neighbours = around.map((m) => ({
      id: m.id,
      eventKey: m.eventKey,
      summary: m.summary,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      allDay: m.allDay,
      status: m.status,
      responseStatus: m.responseStatus,
      userIsOrganizer: m.organizerEmail === inputs.user.email,
      scoreable:
        !m.skipEvaluation && m.attendeesCount >= 2 && m.maybeWellnessBlock !== 'true' && !m.wellnessBlockId,
    }));
    const updates = targets.map((m) => {
      const evaluation = evaluateMeeting(
        {
          id: m.id,
          eventKey: m.eventKey,
          summary: m.summary,
          description: m.description,
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
          agendaItems: agenda.get(m.id) ?? [],
          objectives: objectiveRows.get(m.id) ?? [],
          preworkItems: prework.get(m.id) ?? [],
        },
        { settings: inputs.settings.evaluation, blockOccurrences: occurrences, otherMeetings: neighbours },
      );
      const cost = meetingCost({
        durationSeconds: m.durationSeconds,
        attendeesCount: m.attendeesCount,
        annualSalary: inputs.user.annualSalary,
      });
      if (evaluation.score !== m.score) changed.push(m.id);
      return {
        id: m.id,
        score: evaluation.score,
        qualityLabel: evaluation.quality_label,
        evaluation: {
          results: evaluation.results,
          details_positive: evaluation.details_positive,
          details_negative: evaluation.details_negative,
          details_maybe: evaluation.details_maybe,
          not_scored_reason: evaluation.not_scored_reason,
          letter_grade: evaluation.letter_grade,
          violations: evaluation.violations,
        },
        cost,
      };
    });
    await writeEvaluations(ctx, updates);
  }
  return changed;
}

async function writeEvaluations(
  ctx: AppContext,
  updates: {
    id: string;
    score: number | null;
    qualityLabel: string | null;
    evaluation: unknown;
    cost: number;
  }[],
) {
  for (let i = 0; i < updates.length; i += 1000) {
    const batch = updates.slice(i, i + 1000);
    await ctx.db.execute(sql`
      update meetings as m set
        score = u.score,
        quality_label = u.quality_label,
        evaluation = u.evaluation,
        cost = u.cost,
        evaluated_at = now()
      from (
        select * from unnest(
          ${sql.param(batch.map((u) => u.id))}::uuid[],
          ${sql.param(batch.map((u) => u.score))}::int[],
          ${sql.param(batch.map((u) => u.qualityLabel))}::text[],
          ${sql.param(batch.map((u) => JSON.stringify(u.evaluation)))}::jsonb[],
          ${sql.param(batch.map((u) => u.cost))}::int[]
        ) as t(id, score, quality_label, evaluation, cost)
      ) as u
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
