const HOUR = 3_600_000;

/** A time span whose meetings must be re-evaluated because something in it appeared, moved or vanished. */
export type TouchedSpan = { from: Date; to: Date };

/** A span in epoch milliseconds, as the SQL of the re-evaluation reads them. */
export type Span = { from: number; to: number };

/** Sorted, disjoint spans: spans less than an hour apart are one (a meeting's neighbours reach across the gap). */
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
