import {
  DAY_MS,
  WELLNESS_BLOCK_CATEGORY_LABELS,
  type WellnessBlockInputAttributes,
  wellnessBlockEndpoints,
} from '@meetwell/domain';
import { ownMeeting, ownWellnessBlock } from '../../auth/policies';
import type { AppContext } from '../../context';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document, resource } from '../../http/jsonapi';
import { parseZonedPeriod } from '../../http/period';
import { presentBlock } from './presenter';
import {
  type BlockInput,
  blockFromMeeting,
  convertMeetingToBlock,
  createWellnessBlock,
  deleteWellnessBlock,
  makeBlockWeekly,
  occurrencesByBlock,
  type SavedBlock,
  seriesOccurrences,
  updateWellnessBlock,
  userBlocks,
} from './service';
import { possibleWellnessBlocks } from './suggestions';

/** A Wellness block list's window when none is asked: a week back, five weeks from its start. */
const blockWindow = (now: Date) => ({
  from: new Date(now.getTime() - 7 * DAY_MS),
  to: (from: Date) => new Date(from.getTime() + 35 * DAY_MS),
});

function toInput(attributes: Partial<WellnessBlockInputAttributes>): BlockInput {
  return {
    label: attributes.label,
    category: attributes.category,
    calendar_id: attributes.calendar_id,
    rrule: attributes.rrule,
    starts_at: attributes.starts_at,
    ends_at: attributes.ends_at,
  };
}

async function present(ctx: AppContext, user: { timeZone: string }, saved: SavedBlock) {
  const now = ctx.now();
  const from = new Date(now.getTime() - 7 * DAY_MS);
  const to = new Date(now.getTime() + 35 * DAY_MS);
  const occurrences = occurrencesByBlock([saved.block], from, to, user.timeZone).get(saved.block.id) ?? [];
  return document(presentBlock(saved.block, { now, timeZone: user.timeZone, occurrences }), {
    calendar: saved.calendar,
  });
}

export const wellnessBlockRoutes: FeatureRoutes = (app, ctx) => {
  route(app, wellnessBlockEndpoints.list, async (request) => {
    const { user } = requireAuth(request);
    const now = ctx.now();
    const { from, to } = parseZonedPeriod(request.query, user.timeZone, blockWindow(now));
    const blocks = await userBlocks(ctx, user.id);
    const byBlock = occurrencesByBlock(blocks, from, to, user.timeZone);
    const shown = blocks.filter((b) => byBlock.has(b.id));
    return document(
      shown.map((b) => presentBlock(b, { now, timeZone: user.timeZone, occurrences: byBlock.get(b.id) })),
      { starts_at: from.toISOString(), ends_at: to.toISOString(), total: blocks.length },
    );
  });

  route(app, wellnessBlockEndpoints.show, async (request) => {
    const { user } = requireAuth(request);
    const block = await ownWellnessBlock(ctx.db, user.id, request.params.id);
    return present(ctx, user, { block, calendar: { status: 'none' } });
  });

  route(app, wellnessBlockEndpoints.create, async (request, reply) => {
    const { user } = requireAuth(request);
    const saved = await createWellnessBlock(ctx, user, toInput(request.body.data.attributes));
    return reply.code(201).send(await present(ctx, user, saved));
  });

  route(app, wellnessBlockEndpoints.update, async (request) => {
    const { user } = requireAuth(request);
    const { make_weekly, ...attributes } = request.body.data.attributes;
    const saved = make_weekly
      ? await makeBlockWeekly(ctx, user, request.params.id)
      : await updateWellnessBlock(ctx, user, request.params.id, toInput(attributes));
    return present(ctx, user, saved);
  });

  route(app, wellnessBlockEndpoints.remove, async (request, reply) => {
    const { user } = requireAuth(request);
    await deleteWellnessBlock(ctx, user, request.params.id);
    return reply.code(204).send(null);
  });

  route(app, wellnessBlockEndpoints.convert, async (request, reply) => {
    const { user } = requireAuth(request);
    const { meeting_id, start, end } = request.body.data.attributes;
    const meeting = await ownMeeting(ctx.db, user.id, meeting_id);
    const block = await convertMeetingToBlock(ctx, user, meeting);
    const now = ctx.now();
    const range = parseZonedPeriod(
      { starts_at: start, ends_at: end ?? undefined },
      user.timeZone,
      blockWindow(now),
    );
    const occurrences = occurrencesByBlock([block], range.from, range.to, user.timeZone).get(block.id) ?? [];
    return reply.code(201).send(
      document(presentBlock(block, { now, timeZone: user.timeZone, occurrences }), {
        meeting_id: meeting.id,
      }),
    );
  });

  route(app, wellnessBlockEndpoints.possible, async (request) => {
    const { user } = requireAuth(request);
    const now = ctx.now();
    const { from, to } = parseZonedPeriod(request.query, user.timeZone, {
      from: now,
      to: () => new Date(now.getTime() + 28 * DAY_MS),
    });
    const suggestions = await possibleWellnessBlocks(ctx.db, user.id, { from, to });
    return document(
      suggestions.map((m) => {
        const category = m.maybeWellnessBlockCategory === 'life' ? 'life' : 'focus';
        return resource('maybe_wellness_blocks', m.id, {
          meeting_id: m.id,
          summary: m.summary,
          starts_at: m.startsAt.toISOString(),
          ends_at: m.endsAt.toISOString(),
          recurring_meeting: m.recurringMeeting,
          attendees_count: m.attendeesCount,
          maybe_wellness_block_category: WELLNESS_BLOCK_CATEGORY_LABELS[category],
          category,
        });
      }),
    );
  });

  route(app, wellnessBlockEndpoints.preview, async (request) => {
    const { user } = requireAuth(request);
    const meeting = await ownMeeting(ctx.db, user.id, request.params.id);
    const now = ctx.now();
    const { block: shape } = blockFromMeeting(meeting, user, await seriesOccurrences(ctx, meeting));
    const preview = { ...shape, readOnly: false, providerEventId: null };
    const weekStart = new Date(meeting.startsAt.getTime() - meeting.startsAt.getUTCDay() * DAY_MS);
    const range =
      request.query.starts_at || request.query.ends_at
        ? parseZonedPeriod(request.query, user.timeZone, blockWindow(now))
        : { from: new Date(weekStart.getTime() - DAY_MS), to: new Date(weekStart.getTime() + 8 * DAY_MS) };
    const occurrences =
      occurrencesByBlock(
        [{ ...preview, id: 'preview', createdAt: now, updatedAt: now }],
        range.from,
        range.to,
        user.timeZone,
      ).get('preview') ?? [];
    return document(presentBlock(preview, { now, timeZone: user.timeZone, occurrences }), {
      meeting_id: meeting.id,
      existing_block_id: meeting.wellnessBlockId,
    });
  });
};
