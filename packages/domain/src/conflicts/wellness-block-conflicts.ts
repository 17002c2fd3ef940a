/** Wellness block conflicts: occurrences indexed by start, and the ones a meeting overlaps. */
import { MINUTE_MS } from '../lib/time';
import type { BlockOccurrence } from './wellness-block-rules';

/** Occurrences sorted by start with typed arrays, for binary search in hot loops. */
export interface BlockOccurrenceIndex {
  readonly occurrences: readonly BlockOccurrence[];
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  readonly maxDuration: number;
}

const indexCache = new WeakMap<readonly BlockOccurrence[], BlockOccurrenceIndex>();

/** Build (once per array, remembered) the index evaluateMeeting uses. */
export function indexBlockOccurrences(occurrences: readonly BlockOccurrence[]): BlockOccurrenceIndex {
  const cached = indexCache.get(occurrences);
  if (cached) return cached;
  const sorted = occurrences.filter(
    (o) => o && Number.isFinite(o.start) && Number.isFinite(o.end) && o.end > o.start,
  );
  // A total order (start, end, label, block): a meeting's message names its blocks in the same order however
  // the blocks were listed, so evaluating it again never rewrites it for nothing.
  sorted.sort(
    (a, b) =>
      a.start - b.start ||
      a.end - b.end ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
      (a.blockId < b.blockId ? -1 : a.blockId > b.blockId ? 1 : 0),
  );
  const starts = new Float64Array(sorted.length);
  const ends = new Float64Array(sorted.length);
  let maxDuration = 0;
  for (let i = 0; i < sorted.length; i++) {
    const o = sorted[i] as BlockOccurrence;
    starts[i] = o.start;
    ends[i] = o.end;
    if (o.end - o.start > maxDuration) maxDuration = o.end - o.start;
  }
  const index: BlockOccurrenceIndex = { occurrences: sorted, starts, ends, maxDuration };
  indexCache.set(occurrences, index);
  return index;
}

export function isBlockOccurrenceIndex(value: unknown): value is BlockOccurrenceIndex {
  return !!value && typeof value === 'object' && 'starts' in value && 'maxDuration' in value;
}

/**
 * The occurrences that overlap [start, end) by more than one minute, or null when none. Occurrences of
 * `excludeBlockId` are skipped (a block's own calendar event never conflicts with the block).
 */
export function findBlockConflicts(
  index: BlockOccurrenceIndex,
  start: number,
  end: number,
  excludeBlockId?: string | null,
): BlockOccurrence[] | null {
  const { starts, ends } = index;
  const n = starts.length;
  if (n === 0) return null;
  const from = start - index.maxDuration;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((starts[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  let found: BlockOccurrence[] | null = null;
  for (let i = lo; i < n && (starts[i] as number) < end; i++) {
    const shared = Math.min(end, ends[i] as number) - Math.max(start, starts[i] as number);
    if (shared > MINUTE_MS) {
      const occ = index.occurrences[i] as BlockOccurrence;
      if (excludeBlockId && occ.blockId === excludeBlockId) continue;
      if (found) found.push(occ);
      else found = [occ];
    }
  }
  return found;
}
