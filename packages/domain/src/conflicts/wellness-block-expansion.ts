/**
 * Wellness block occurrences: a block expanded over a window.
 *
 * A block is stored like a calendar event: its first occurrence (startsAt, endsAt), a weekly rrule with the
 * chosen weekdays and the IANA zone it was made in. Every occurrence keeps the local wall-clock times of the
 * first one (9:00–10:00 stays 9:00–10:00 across DST changes, so its UTC instant moves).
 *
 * Weekly rules (BYDAY, INTERVAL, WKST, UNTIL, COUNT, EXDATE) are expanded here from weekday + local time with
 * Intl offsets, cached per (block, local week); any other rule falls back to the rrule library, expanded in
 * floating wall time and converted (rrule with a tzid is slow).
 */
import { RRule } from '../lib/rrule';
import { DAY_MS, msToDate, type TimeInput, toMs, weekdayOfEpochDay } from '../lib/time';
import { isValidTimeZone, localEpochDay, utcToWall, wallToUtc } from '../lib/tz';
import { overlapMs } from './overlap';
import { parseIcalDate, parseRule } from './wellness-block-rrule';
import type { BlockOccurrence, WellnessBlockCategory, WellnessBlockInput } from './wellness-block-rules';

export interface ExpansionWindow {
  from: TimeInput;
  to: TimeInput;
  /** The user's IANA zone: used for blocks without a valid zone of their own. Default 'UTC'. */
  timeZone?: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// Block specs (parsed once per block, cached)

interface OnceSpec {
  kind: 'once';
  start: number;
  end: number;
}
interface WeeklySpec {
  kind: 'weekly';
  timeZone: string;
  /** Milliseconds after local midnight the occurrence starts, and its wall-clock length. */
  startOffset: number;
  wallDuration: number;
  firstDay: number;
  lastDay: number;
  untilMs: number;
  mask: number;
  interval: number;
  wkst: number;
  exdays: Set<number> | null;
}
interface RRuleSpec {
  kind: 'rrule';
  timeZone: string;
  rule: InstanceType<typeof RRule> | null;
  startOffset: number;
  wallDuration: number;
  exdays: Set<number> | null;
}
type BlockSpec = { kind: 'none' } | OnceSpec | WeeklySpec | RRuleSpec;

/** Blocks remembered (each with its weeks); the whole cache is dropped when full, which keeps it O(1). */
const MAX_SPECS = 20_000;
/** Weeks remembered per block (a window of a few weeks is the common case). */
const WEEKS_PER_BLOCK = 16;
const MAX_COUNT_SCAN_DAYS = 200_000;
/** Windows are capped at this many days (ten years) so a mistaken window cannot loop for long. */
const MAX_WINDOW_DAYS = 3_660;

interface CachedBlock {
  spec: BlockSpec;
  /** Occurrences of the last few local weeks used (Sunday-based week index), most recent last. */
  weekIds: number[];
  weekLists: (readonly BlockOccurrence[])[];
}

const blockCache = new Map<string, CachedBlock>();

function cachedBlock(block: WellnessBlockInput, timeZone: string): CachedBlock {
  const key = blockKey(block, timeZone);
  let cached = blockCache.get(key);
  if (!cached) {
    if (blockCache.size >= MAX_SPECS) blockCache.clear();
    cached = { spec: buildSpec(block, timeZone), weekIds: [], weekLists: [] };
    blockCache.set(key, cached);
  }
  return cached;
}

function weekIndex(epochDay: number, wkst: number): number {
  return Math.floor((epochDay + 4 - wkst) / 7);
}

function weeklyMatches(spec: WeeklySpec, day: number): boolean {
  if (day < spec.firstDay || day > spec.lastDay) return false;
  if ((spec.mask & (1 << weekdayOfEpochDay(day))) === 0) return false;
  if (
    spec.interval > 1 &&
    (weekIndex(day, spec.wkst) - weekIndex(spec.firstDay, spec.wkst)) % spec.interval !== 0
  )
    return false;
  return !spec.exdays?.has(day);
}

function buildSpec(block: WellnessBlockInput, timeZone: string): BlockSpec {
  const start = toMs(block.startsAt);
  const end = toMs(block.endsAt);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return { kind: 'none' };
  if (block.recurring === false) return { kind: 'once', start, end };

  const startWall = utcToWall(timeZone, start);
  const wallDuration = utcToWall(timeZone, end) - startWall;
  if (wallDuration <= 0) return { kind: 'none' };
  const firstDay = Math.floor(startWall / DAY_MS);
  const startOffset = startWall - firstDay * DAY_MS;
  const rule = parseRule(typeof block.rrule === 'string' ? block.rrule : '');

  let exdays: Set<number> | null = null;
  for (const ex of rule.exdates) {
    const parsed = parseIcalDate(ex, timeZone);
    if (!parsed) continue;
    if (!exdays) exdays = new Set();
    exdays.add(parsed.day);
  }

  const weekly = rule.freq === null || rule.freq === 'WEEKLY';
  if (!weekly || rule.bydayHasOrdinal || rule.hasOtherParts) {
    let rrule: InstanceType<typeof RRule> | null = null;
    try {
      const options = RRule.parseString(rule.ruleLine ?? '');
      rrule = new RRule({ ...options, dtstart: msToDate(startWall), tzid: null });
    } catch {
      rrule = null;
    }
    return { kind: 'rrule', timeZone, rule: rrule, startOffset, wallDuration, exdays };
  }

  const spec: WeeklySpec = {
    kind: 'weekly',
    timeZone,
    startOffset,
    wallDuration,
    firstDay,
    lastDay: Number.POSITIVE_INFINITY,
    untilMs: Number.POSITIVE_INFINITY,
    // No BYDAY: the weekday of the first occurrence (RFC 5545).
    mask: rule.byday || 1 << weekdayOfEpochDay(firstDay),
    interval: rule.interval,
    wkst: rule.wkst,
    exdays,
  };
  if (rule.until) {
    const until = parseIcalDate(rule.until, timeZone);
    if (until) {
      if (until.instant === null) spec.lastDay = until.day;
      else spec.untilMs = until.instant;
    }
  }
  if (rule.count !== null) {
    // COUNT: find the day of the last occurrence once (EXDATEs still count towards COUNT, as in RFC 5545).
    const exdaysForCount = spec.exdays;
    spec.exdays = null;
    let seen = 0;
    let day = firstDay;
    let lastDay = firstDay - 1;
    for (let i = 0; i < MAX_COUNT_SCAN_DAYS && seen < rule.count; i++, day++) {
      if (day > spec.lastDay) break;
      if (weeklyMatches(spec, day)) {
        if (wallToUtc(timeZone, day * DAY_MS + startOffset) > spec.untilMs) break;
        seen++;
        lastDay = day;
      }
    }
    spec.lastDay = Math.min(spec.lastDay, lastDay);
    spec.exdays = exdaysForCount;
  }
  return spec;
}

function categoryOf(value: unknown): WellnessBlockCategory {
  return value === 'life' ? 'life' : 'focus';
}

function blockKey(block: WellnessBlockInput, timeZone: string): string {
  return `${block.id}\u0001${block.rrule ?? ''}\u0001${toMs(block.startsAt)}\u0001${toMs(block.endsAt)}\u0001${timeZone}\u0001${block.recurring === false ? 0 : 1}\u0001${block.label ?? ''}\u0001${block.category ?? ''}`;
}

function occurrence(block: WellnessBlockInput, start: number, end: number): BlockOccurrence {
  return Object.freeze({
    blockId: block.id,
    label: typeof block.label === 'string' ? block.label : '',
    category: categoryOf(block.category),
    start,
    end,
  });
}

/**
 * The end of an occurrence: its local end time; when a skipped hour pushed the start to or past it
 * (02:30–03:30 on a spring-forward night), the start plus the wall-clock length instead.
 */
function occurrenceEnd(timeZone: string, start: number, wallStart: number, wallDuration: number): number {
  const end = wallToUtc(timeZone, wallStart + wallDuration);
  return end > start ? end : start + wallDuration;
}

function weekOccurrences(
  block: WellnessBlockInput,
  cached: CachedBlock,
  spec: WeeklySpec,
  week: number,
): readonly BlockOccurrence[] {
  const at = cached.weekIds.indexOf(week);
  if (at >= 0) return cached.weekLists[at] as readonly BlockOccurrence[];
  const list: BlockOccurrence[] = [];
  const sunday = week * 7 - 4;
  for (let day = sunday; day < sunday + 7; day++) {
    if (!weeklyMatches(spec, day)) continue;
    const wallStart = day * DAY_MS + spec.startOffset;
    const start = wallToUtc(spec.timeZone, wallStart);
    if (start > spec.untilMs) continue;
    list.push(occurrence(block, start, occurrenceEnd(spec.timeZone, start, wallStart, spec.wallDuration)));
  }
  if (cached.weekIds.length >= WEEKS_PER_BLOCK) {
    cached.weekIds.shift();
    cached.weekLists.shift();
  }
  cached.weekIds.push(week);
  cached.weekLists.push(list);
  return list;
}

/**
 * Every occurrence of the blocks that overlaps [from, to), sorted by start (then block id). Pure: the caches
 * only remember results. Blocks whose zone is missing or unknown use window.timeZone (default UTC).
 */
export function expandWellnessBlockOccurrences(
  blocks: readonly WellnessBlockInput[],
  window: ExpansionWindow,
): BlockOccurrence[] {
  const from = toMs(window.from);
  let to = toMs(window.to);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return [];
  if (to - from > MAX_WINDOW_DAYS * DAY_MS) to = from + MAX_WINDOW_DAYS * DAY_MS;
  const fallbackZone = isValidTimeZone(window.timeZone) ? window.timeZone : 'UTC';
  const out: BlockOccurrence[] = [];

  for (const block of blocks) {
    if (!block || typeof block.id !== 'string') continue;
    const timeZone = isValidTimeZone(block.timeZone) ? block.timeZone : fallbackZone;
    const cached = cachedBlock(block, timeZone);
    const spec = cached.spec;

    if (spec.kind === 'none') continue;
    if (spec.kind === 'once') {
      if (overlapMs(spec.start, spec.end, from, to) > 0) out.push(occurrence(block, spec.start, spec.end));
      continue;
    }
    const spillDays = Math.ceil((spec.startOffset + spec.wallDuration) / DAY_MS);
    const firstDay = localEpochDay(timeZone, from) - spillDays;
    const lastDay = localEpochDay(timeZone, to);

    if (spec.kind === 'weekly') {
      for (let week = weekIndex(firstDay, 0); week <= weekIndex(lastDay, 0); week++) {
        for (const occ of weekOccurrences(block, cached, spec, week)) {
          if (occ.end > from && occ.start < to) out.push(occ);
        }
      }
      continue;
    }

    if (!spec.rule) continue;
    let dates: Date[] = [];
    try {
      dates = spec.rule.between(msToDate(firstDay * DAY_MS), msToDate((lastDay + 1) * DAY_MS), true);
    } catch {
      dates = [];
    }
    for (const date of dates) {
      const wallStart = date.getTime();
      if (spec.exdays?.has(Math.floor(wallStart / DAY_MS))) continue;
      const start = wallToUtc(timeZone, wallStart);
      const end = occurrenceEnd(timeZone, start, wallStart, spec.wallDuration);
      if (end > from && start < to) out.push(occurrence(block, start, end));
    }
  }
  out.sort((a, b) => a.start - b.start || (a.blockId < b.blockId ? -1 : a.blockId > b.blockId ? 1 : 0));
  return out;
}
