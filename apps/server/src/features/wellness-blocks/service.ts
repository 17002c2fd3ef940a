import {
  type BlockOccurrence,
  DAY_MS,
  type ExistingWellnessBlock,
  expandWellnessBlockOccurrences,
  isWellnessBlockEditable,
  localDateString,
  validateWellnessBlock,
  WELLNESS_BLOCK_ERROR_MESSAGES,
  WELLNESS_BLOCK_TEXTS,
  type WellnessBlockCategory,
  type WellnessBlockError,
  wellnessBlockSchedule,
  wellnessBlockTimes,
} from '@meetwell/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { ownWellnessBlock } from '../../auth/policies';
import type { AppContext } from '../../context';
import { calendars, meetings, type users, wellnessBlocks } from '../../db/schema';
import { AppError, type ErrorIssue, forbidden } from '../../http/errors';
import { afterChange, userBlocks } from './block-changes';
import { type BlockRow, type CalendarWriteStatus, deleteBlockEvent, writeBlockEvent } from './calendar-event';

type UserRow = typeof users.$inferSelect;

/** What the drawer sends (POST, and PATCH with any subset). */
export type BlockInput = {
  label?: string | null | undefined;
  category?: WellnessBlockCategory | undefined;
  calendar_id?: string | null | undefined;
  rrule?: string | null | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};

const POINTERS: Record<WellnessBlockError, string> = {
  label: '/data/attributes/label',
  days: '/data/attributes/rrule',
  time: '/data/attributes/starts_at',
  overlap: '/data/attributes/starts_at',
};

const parseTime = (value: string | null | undefined) => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : null;
};

/** The BYDAY weekdays an rrule names (none when BYDAY is missing or empty: the form picked no day). */
function hasByDay(rrule: string | null | undefined): boolean {
  const match = /BYDAY=([^;\s]*)/i.exec(rrule ?? '');
  return Boolean(match?.[1]);
}

/** The user's other blocks, as the overlap rule compares them (weekdays and local minutes). */
function existingShapes(blocks: BlockRow[], timeZone: string, now: Date): ExistingWellnessBlock[] {
  return blocks
    .filter((b) => b.recurring || b.endsAt > now)
    .map((b) => ({ id: b.id, label: b.label, ...wellnessBlockTimes(b, timeZone) }));
}

function validationError(errors: WellnessBlockError[]): AppError {
  const issues: ErrorIssue[] = errors.map((e) => ({
    detail: WELLNESS_BLOCK_ERROR_MESSAGES[e],
    pointer: POINTERS[e],
  }));
  return new AppError('validation_failed', issues);
}

/**
 * Validates a block with the rules package (label, days, time, no overlap: its messages word for word, one
 * error per failed rule with its pointer) and computes what is stored: a weekly rrule of the chosen days and
 * the first occurrence on or after the date of starts_at, at the local times, in the user's zone.
 */
function scheduleBlock(
  input: BlockInput,
  context: { timeZone: string; others: ExistingWellnessBlock[]; editingId?: string; now: Date },
) {
  const start = parseTime(input.starts_at);
  const end = parseTime(input.ends_at);
  const times =
    start && end
      ? wellnessBlockTimes({
          id: 'draft',
          rrule: input.rrule ?? '',
          startsAt: start,
          endsAt: end,
          timeZone: context.timeZone,
        })
      : null;
  const draft = {
    id: context.editingId ?? null,
    label: input.label ?? '',
    category: input.category ?? 'focus',
    weekdays: hasByDay(input.rrule) && times ? times.weekdays : [],
    startMinute: times ? times.startMinute : null,
    endMinute: times ? times.endMinute : null,
  };
  const result = validateWellnessBlock(draft, context.others, { editingId: context.editingId ?? null });
  if (!result.valid || !start || !times)
    throw validationError(result.errors.length ? result.errors : ['time']);
  // A first date far in the past (a form sending only a time of day) starts the series today.
  const earliest = context.now.getTime() - 366 * DAY_MS;
  const fromDate = localDateString(start.getTime() < earliest ? context.now : start, context.timeZone);
  const schedule = wellnessBlockSchedule({
    weekdays: draft.weekdays,
    startMinute: times.startMinute,
    endMinute: times.endMinute,
    timeZone: context.timeZone,
    fromDate,
  });
  if (!schedule) throw validationError(['time']);
  return { label: draft.label.trim(), category: draft.category, ...schedule };
}

/** The calendar a block goes to: the one asked for (the user's own), else the first watched one. */
async function chooseCalendar(ctx: AppContext, user: UserRow, calendarId: string | null | undefined) {
  const own = await ctx.db
    .select()
    .from(calendars)
    .where(eq(calendars.userId, user.id))
    .orderBy(desc(calendars.watching), desc(calendars.isPrimary), asc(calendars.createdAt));
  if (calendarId) {
    const chosen = own.find((c) => c.id === calendarId);
    if (!chosen) {
      throw new AppError('validation_failed', [
        { detail: 'Please pick one of your calendars.', pointer: '/data/attributes/calendar_id' },
      ]);
    }
    return chosen;
  }
  const first = own[0];
  if (!first) {
    throw new AppError('validation_failed', [
      { detail: WELLNESS_BLOCK_TEXTS.calendarRequired, pointer: '/data/attributes/calendar_id' },
    ]);
  }
  return first;
}

export type SavedBlock = { block: BlockRow; calendar: CalendarWriteStatus };

export async function createWellnessBlock(
  ctx: AppContext,
  user: UserRow,
  input: BlockInput,
): Promise<SavedBlock> {
  const now = ctx.now();
  const others = existingShapes(await userBlocks(ctx, user.id), user.timeZone, now);
  const scheduled = scheduleBlock(input, { timeZone: user.timeZone, others, now });
  const calendar = await chooseCalendar(ctx, user, input.calendar_id);
  const [block] = await ctx.db
    .insert(wellnessBlocks)
    .values({
      userId: user.id,
      calendarId: calendar.id,
      recurring: true,
      createdAt: now,
      updatedAt: now,
      ...scheduled,
    })
    .returning();
  const written = await writeBlockEvent(ctx, block!);
  await afterChange(ctx, user);
  return { block: block!, calendar: written };
}

function assertEditable(block: BlockRow, now: Date) {
  if (block.readOnly) throw forbidden('This Wellness block is read-only.');
  if (block.deleteOnly)
    throw forbidden(
      `This Wellness block can only be deleted or made weekly ('${WELLNESS_BLOCK_TEXTS.makeWeekly}').`,
    );
  if (!isWellnessBlockEditable({ ...block, deleteOnly: block.deleteOnly, readOnly: block.readOnly }, now)) {
    throw forbidden('This Wellness block is in the past and can no longer be edited.');
  }
}

export async function updateWellnessBlock(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: BlockInput,
): Promise<SavedBlock> {
  const now = ctx.now();
  const block = await ownWellnessBlock(ctx.db, user.id, id);
  assertEditable(block, now);
  const others = existingShapes(await userBlocks(ctx, user.id), user.timeZone, now);
  const merged: BlockInput = {
    label: input.label !== undefined ? input.label : block.label,
    category: input.category ?? block.category,
    rrule: input.rrule !== undefined ? input.rrule : block.rrule,
    starts_at: input.starts_at !== undefined ? input.starts_at : block.startsAt.toISOString(),
    ends_at: input.ends_at !== undefined ? input.ends_at : block.endsAt.toISOString(),
  };
  const scheduled = scheduleBlock(merged, { timeZone: user.timeZone, others, editingId: block.id, now });
  const calendar =
    input.calendar_id !== undefined ? await chooseCalendar(ctx, user, input.calendar_id) : null;
  const movedCalendar = calendar !== null && calendar.id !== block.calendarId;
  if (movedCalendar) await deleteBlockEvent(ctx, block);
  const [updated] = await ctx.db
    .update(wellnessBlocks)
    .set({
      ...scheduled,
      ...(calendar ? { calendarId: calendar.id } : {}),
      ...(movedCalendar ? { providerEventId: null } : {}),
      updatedAt: now,
    })
    .where(eq(wellnessBlocks.id, block.id))
    .returning();
  const written = await writeBlockEvent(ctx, updated!);
  await afterChange(ctx, user);
  return { block: updated!, calendar: written };
}

/**
 * 'Make weekly' for a block converted from a calendar event (delete_only): it becomes an ordinary weekly block.
 * A single event's block gets a weekly series of its own in the calendar, from the week after the event (the
 * event itself stays); a block converted from a recurring series keeps that series as its calendar event.
 */
export async function makeBlockWeekly(ctx: AppContext, user: UserRow, id: string): Promise<SavedBlock> {
  const now = ctx.now();
  const block = await ownWellnessBlock(ctx.db, user.id, id);
  if (block.readOnly) throw forbidden('This Wellness block is read-only.');
  if (!block.deleteOnly)
    throw forbidden('Only Wellness blocks made from a calendar event can be made weekly.');
  if (block.recurring) {
    const [updated] = await ctx.db
      .update(wellnessBlocks)
      .set({ deleteOnly: false, updatedAt: now })
      .where(eq(wellnessBlocks.id, block.id))
      .returning();
    await afterChange(ctx, user);
    return { block: updated!, calendar: { status: 'none' } };
  }
  const times = wellnessBlockTimes(block, user.timeZone);
  const dayAfter = new Date(Math.max(block.startsAt.getTime() + DAY_MS, now.getTime()));
  const others = existingShapes(await userBlocks(ctx, user.id), user.timeZone, now);
  const check = validateWellnessBlock(
    {
      id: block.id,
      label: block.label,
      category: block.category,
      weekdays: times.weekdays,
      startMinute: times.startMinute,
      endMinute: times.endMinute,
    },
    others,
    { editingId: block.id },
  );
  if (!check.valid) throw validationError(check.errors);
  const schedule = wellnessBlockSchedule({
    ...times,
    timeZone: block.timeZone || user.timeZone,
    fromDate: localDateString(dayAfter, block.timeZone),
  });
  if (!schedule) throw validationError(['time']);
  const [updated] = await ctx.db
    .update(wellnessBlocks)
    .set({ ...schedule, recurring: true, deleteOnly: false, providerEventId: null, updatedAt: now })
    .where(eq(wellnessBlocks.id, block.id))
    .returning();
  const written = await writeBlockEvent(ctx, updated!);
  await afterChange(ctx, user);
  return { block: updated!, calendar: written };
}

/**
 * Deletes a block and the event we wrote for it. A converted block's event is the user's own and stays; its
 * meetings are no longer the block (and no longer suggested as one).
 */
export async function deleteWellnessBlock(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<CalendarWriteStatus> {
  const block = await ownWellnessBlock(ctx.db, user.id, id);
  if (block.readOnly) throw forbidden('This Wellness block is read-only.');
  const removed = await deleteBlockEvent(ctx, block);
  await ctx.db
    .update(meetings)
    .set({ wellnessBlockId: null, maybeWellnessBlock: 'verified_false' })
    .where(and(eq(meetings.userId, user.id), eq(meetings.wellnessBlockId, block.id)));
  await ctx.db.delete(wellnessBlocks).where(eq(wellnessBlocks.id, block.id));
  await afterChange(ctx, user);
  return removed;
}

/** Occurrences of blocks in a window, grouped by block. */
export function occurrencesByBlock(blocks: BlockRow[], from: Date, to: Date, timeZone: string) {
  const byBlock = new Map<string, BlockOccurrence[]>();
  for (const occurrence of expandWellnessBlockOccurrences(blocks, { from, to, timeZone })) {
    const list = byBlock.get(occurrence.blockId) ?? [];
    list.push(occurrence);
    byBlock.set(occurrence.blockId, list);
  }
  return byBlock;
}

export { userBlocks } from './block-changes';
export { blockFromMeeting, convertMeetingToBlock, seriesOccurrences } from './from-meeting';
