import { PRODUCT_NAME, WELLNESS_BLOCK_CATEGORY_LABELS } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { connectionFor, loadCalendarWithOwner } from '../../calendars/connection';
import { driverFor } from '../../calendars/registry';
import type { EventWrite } from '../../calendars/types';
import type { AppContext } from '../../context';
import { wellnessBlocks } from '../../db/schema';

export type BlockRow = typeof wellnessBlocks.$inferSelect;

/**
 * How a save reached the calendar: written (created or updated there), local (the calendar cannot take
 * writes, e.g. an ICS subscription or the demo calendar: the block lives in MeetWell only), or failed (the
 * provider refused; the block is saved and still protects the user's time in MeetWell).
 */
export type CalendarWriteStatus = { status: 'written' | 'local' | 'failed' | 'none'; error?: string };

const blockAppMarker = (blockId: string) => `wellness-block:${blockId}`;

/** Google's event colour ids: the user's wellness_block_color_preference when it is one. */
const GOOGLE_COLOR_IDS = new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);

/**
 * The Google event colour a stored preference names: its colour id ('5'), or the event colour list's resource
 * id ('google_oauth2:5'), which earlier versions of the web app stored. Anything else (another provider's
 * preset, an unknown id) leaves the calendar's own colour.
 */
export function googleColorId(preference: string | null): string | undefined {
  const id = preference?.startsWith('google_oauth2:')
    ? preference.slice('google_oauth2:'.length)
    : preference;
  return id && GOOGLE_COLOR_IDS.has(id) ? id : undefined;
}

async function writableCalendar(ctx: AppContext, calendarId: string | null) {
  if (!calendarId) return null;
  const loaded = await loadCalendarWithOwner(ctx, calendarId);
  if (!loaded) return null;
  const driver = driverFor(ctx, loaded.calendar.provider);
  const writable = driver.capabilities.write && loaded.calendar.canWrite;
  return { ...loaded, driver, writable };
}

/** The block as a weekly recurring event of its calendar (busy, marked as ours). */
function blockEvent(block: BlockRow, colorPreference: string | null, provider: string): EventWrite {
  return {
    summary: block.label,
    description: `${WELLNESS_BLOCK_CATEGORY_LABELS[block.category]} time protected by ${PRODUCT_NAME}. Edit it in ${PRODUCT_NAME} so your meetings are scored with it.`,
    startsAt: block.startsAt,
    endsAt: block.endsAt,
    timeZone: block.timeZone,
    recurrence: block.recurring ? [block.rrule] : undefined,
    appMarker: blockAppMarker(block.id),
    transparency: 'opaque',
    colorId: provider === 'google' ? googleColorId(colorPreference) : undefined,
  };
}

/** Creates or updates the block's event through the driver's writeEvent, and keeps its provider id. */
export async function writeBlockEvent(ctx: AppContext, block: BlockRow): Promise<CalendarWriteStatus> {
  try {
    const target = await writableCalendar(ctx, block.calendarId);
    if (!target) return { status: 'none' };
    if (!target.writable || !target.driver.writeEvent) return { status: 'local' };
    const connection = await connectionFor(ctx, target.calendar, target.owner);
    const { providerEventId } = await target.driver.writeEvent(connection, {
      providerEventId: block.providerEventId ?? undefined,
      event: blockEvent(block, target.owner.wellnessBlockColorPreference, target.calendar.provider),
    });
    if (providerEventId !== block.providerEventId) {
      await ctx.db.update(wellnessBlocks).set({ providerEventId }).where(eq(wellnessBlocks.id, block.id));
      block.providerEventId = providerEventId;
    }
    return { status: 'written' };
  } catch (error) {
    console.error(`[wellness-blocks] could not write block ${block.id} to its calendar`, error);
    return { status: 'failed', error: (error as Error).message };
  }
}

/** Deletes the block's event (when we wrote one); a failure is reported but never blocks the local change. */
export async function deleteBlockEvent(
  ctx: AppContext,
  block: Pick<BlockRow, 'id' | 'calendarId' | 'providerEventId'>,
): Promise<CalendarWriteStatus> {
  if (!block.providerEventId) return { status: 'none' };
  try {
    const target = await writableCalendar(ctx, block.calendarId);
    if (!target?.driver.deleteEvent || !target.driver.capabilities.write) return { status: 'local' };
    const connection = await connectionFor(ctx, target.calendar, target.owner);
    await target.driver.deleteEvent(connection, { providerEventId: block.providerEventId });
    return { status: 'written' };
  } catch (error) {
    console.error(`[wellness-blocks] could not delete the event of block ${block.id}`, error);
    return { status: 'failed', error: (error as Error).message };
  }
}
