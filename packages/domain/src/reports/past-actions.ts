/** The past actions report: actions per local day. */
import { toMs } from '../lib/time';
import type { ReportActionRow } from './rows';
import { localDay } from './shared';

export interface ActionsPerDay {
  day: string;
  count: number;
}

/** Past actions per local day, sorted by day (rows with the same id counted once). */
export function reportPastActionsBy(
  actions: readonly ReportActionRow[],
  options: { timeZone?: string | null } = {},
): ActionsPerDay[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (const a of actions) {
    if (!a) continue;
    if (a.id) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
    }
    const ms = toMs(a.performedAt);
    if (!Number.isFinite(ms)) continue;
    const day = localDay(ms, options.timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return pastActionsFromDayCounts([...counts.entries()].map(([day, count]) => ({ day, count })));
}

/** reportPastActionsBy from counts per day: days without actions left out, sorted by day. */
export function pastActionsFromDayCounts(counts: readonly ActionsPerDay[]): ActionsPerDay[] {
  return counts
    .filter((c) => c.count > 0)
    .map((c) => ({ day: c.day, count: c.count }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}
