import { type ImportReportProblem, MAX_ITEMS_PER_HEADING } from '@meetwell/domain';
import type { PreparedEvent } from './meeting-row';

/** An event whose description listed more items under a heading than are kept, and how many were not. */
export type ItemsLeftOut = { summary: string; uid: string | undefined; count: number };

export function itemsLeftOutOf(prepared: readonly PreparedEvent[]): ItemsLeftOut[] {
  const out: ItemsLeftOut[] = [];
  for (const p of prepared) {
    if (p.described.itemsLeftOut > 0)
      out.push({ summary: p.event.summary, uid: p.event.icalUid, count: p.described.itemsLeftOut });
  }
  return out;
}

/**
 * The calendar's report problems, with one line for the events whose descriptions listed more than 100 items
 * under one heading: the description is stored whole, but only the first 100 of a heading become its agenda,
 * objectives or pre-work, and the person should know why the rest are not there.
 */
export function withItemsLeftOut(
  problems: ImportReportProblem[],
  cut: readonly ItemsLeftOut[],
): ImportReportProblem[] {
  if (cut.length === 0) return problems;
  const items = cut.reduce((n, c) => n + c.count, 0).toLocaleString('en-US');
  const titles = [...new Set(cut.map((c) => `“${c.summary.trim() || 'Untitled'}”`))];
  const named =
    titles.length > 3 ? `${titles.slice(0, 3).join(', ')} and ${titles.length - 3} more` : titles.join(', ');
  const kept = `only the first ${MAX_ITEMS_PER_HEADING} under each heading were kept as agenda items, objectives or pre-work`;
  const line: ImportReportProblem =
    cut.length === 1
      ? {
          uid: cut[0]!.uid,
          message: `${named} lists more than ${MAX_ITEMS_PER_HEADING} items under one heading of its description: ${kept} (${items} left out; the description itself is kept whole).`,
        }
      : {
          message: `${cut.length.toLocaleString('en-US')} events list more than ${MAX_ITEMS_PER_HEADING} items under one heading of their descriptions (${named}): ${kept} (${items} left out; the descriptions themselves are kept whole).`,
        };
  return [...problems, line];
}
