import type pg from 'pg';
import type { SyncResult, SyncWindow } from '../../../calendars/types';
import { transactionWithClient } from '../../../db/client';
import { turnsOfWork } from '../../../lib/next-turn';
import type { TouchedSpan } from '../../evaluation/spans';
import { coverOccurrencesOfConvertedSeries } from './converted-series';
import { copyFirstImport, type FirstImportScorer, prescoreFirstImport } from './first-import-copy';
import { type ItemsLeftOut, itemsLeftOutOf } from './items-left-out';
import { markVanished } from './mark-vanished';
import type { PreparedEvent, StoreTarget } from './meeting-row';
import { type PreparedAhead, prepareAhead } from './prepare-ahead';
import { upsertEvents } from './upsert-events';

export type { FirstImportScorer } from './first-import-copy';
export type { StoreTarget } from './meeting-row';

export type StoreOutcome = {
  changedMeetingIds: string[];
  deletedMeetingIds: string[];
  touched: TouchedSpan[];
  /**
   * The spans that still need reevaluateSpans: `touched`, unless this was a first import whose meetings were
   * scored before they were inserted; then only the user's other meetings around them (and what vanished).
   */
  rescore: TouchedSpan[];
  /** The calendar held no meeting before this result (its meetings were scored before they were inserted). */
  firstImport: boolean;
  /** The events whose descriptions listed more items under a heading than are kept (for the import report). */
  itemsLeftOut: ItemsLeftOut[];
};

/**
 * Writes one sync result for one calendar in one transaction: a first import with COPY, any later result by
 * upsert (unchanged events, same content hash, are not touched, so a resync is cheap and idempotent), then
 * marks vanished events deleted.
 */
export async function storeSyncResult(
  pool: pg.Pool,
  target: StoreTarget,
  result: SyncResult,
  window: SyncWindow,
  now: Date,
  options: { scoreFirstImport?: FirstImportScorer; preparedAhead?: PreparedAhead } = {},
): Promise<StoreOutcome> {
  const ahead = options.preparedAhead ?? prepareAhead(target, now);
  return transactionWithClient(pool, async (tx, client) => {
    // Those not described while they were read are now, tens of thousands in slices, with turns between.
    const all: PreparedEvent[] = [];
    const turns = turnsOfWork();
    for (const event of result.events) {
      if (turns.due()) await turns.take();
      all.push(ahead.take(event));
    }
    // Set on a first import (its meetings are inserted scored); null: re-evaluate `touched` afterwards.
    const prescore = await prescoreFirstImport(tx, target, all, options.scoreFirstImport);
    const { changedMeetingIds, touched } = prescore
      ? await copyFirstImport(client, target.userId, all, prescore)
      : await upsertEvents(tx, target, all);
    // A first import's calendar held no meeting: none of its series was converted into a block, and a full
    // result leaves nothing unseen (both would scan tens of thousands of ids for nothing).
    if (!prescore && all.some((p) => p.event.recurringEventId)) {
      await coverOccurrencesOfConvertedSeries(tx, target.calendarId, changedMeetingIds);
    }
    const vanished = prescore && result.full ? [] : await markVanished(tx, target, result, window, now);
    for (const v of vanished) touched.push({ from: v.startsAt, to: v.endsAt });
    return {
      changedMeetingIds,
      deletedMeetingIds: vanished.map((v) => v.id),
      touched,
      rescore: prescore
        ? [...prescore.others, ...vanished.map((v) => ({ from: v.startsAt, to: v.endsAt }))]
        : touched,
      firstImport: prescore !== null,
      itemsLeftOut: itemsLeftOutOf(all),
    };
  });
}
