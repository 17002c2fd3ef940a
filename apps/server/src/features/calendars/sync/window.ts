import type { SyncWindow } from '../../../calendars/types';

const DAY = 86_400_000;
const SYNC_BACK_DAYS = 92;
const SYNC_AHEAD_DAYS = 92;
/** When the stored window's end is this close to the wanted one, an incremental sync still suffices. */
const SLIDE_TOLERANCE_DAYS = 7;

/** The synced window: about three months back and three months ahead, from the start of today (UTC). */
export function syncWindow(now: Date): SyncWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - SYNC_BACK_DAYS * DAY), to: new Date(today + SYNC_AHEAD_DAYS * DAY) };
}

/** A full sync is needed when there is no cursor or the window has slid past what was read. */
export function needsFullSync(params: {
  cursor: string | null;
  syncedTo: Date | null;
  window: SyncWindow;
}): boolean {
  if (!params.cursor || !params.syncedTo) return true;
  return params.window.to.getTime() - params.syncedTo.getTime() > SLIDE_TOLERANCE_DAYS * DAY;
}
