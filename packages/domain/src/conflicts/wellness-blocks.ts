/**
 * Wellness block occurrences.
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
import {
  DAY_MS,
  epochDayFromParts,
  MINUTE_MS,
  msToDate,
  type TimeInput,
  toMs,
  weekdayOfEpochDay,
} from '../lib/time';
import { isValidTimeZone, localEpochDay, utcToWall, wallToUtc } from '../lib/tz';
import { overlapMs } from './overlap';

export type WellnessBlockCategory = 'focus' | 'life';
export const WELLNESS_BLOCK_CATEGORIES: readonly WellnessBlockCategory[] = ['focus', 'life'];
export const WELLNESS_BLOCK_CATEGORY_LABELS: Readonly<Record<WellnessBlockCategory, string>> = {
  focus: 'Focus',
  life: 'Life',
};

/** Weekdays are numbers 0 = Sunday … 6 = Saturday, as in Date#getDay and dayjs. */
export const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const WEEKDAY_SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Monday to Sunday: the order of the day toggles and of BYDAY in the rrules this package writes. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** A Wellness block as stored (the shape of the wellness_blocks table). */
export interface WellnessBlockInput {
  id: string;
  label?: string | null;
  category?: WellnessBlockCategory | string | null;
  /** 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE' (the 'RRULE:' prefix is optional; EXDATE lines are honoured). */
  rrule?: string | null;
  /** Start and end of the first occurrence. */
  startsAt: TimeInput;
  endsAt: TimeInput;
  /** The zone the local times belong to; when missing or unknown, the window's (user's) zone. */
  timeZone?: string | null;
  /** false: a single occurrence at startsAt–endsAt. Default true. */
  recurring?: boolean | null;
}

/** One occurrence of a block, in epoch milliseconds. */
export interface BlockOccurrence {
  readonly blockId: string;
  readonly label: string;
  readonly category: WellnessBlockCategory;
  readonly start: number;
  readonly end: number;
}

export interface ExpansionWindow {
  from: TimeInput;
  to: TimeInput;
  /** The user's IANA zone: used for blocks without a valid zone of their own. Default 'UTC'. */
  timeZone?: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// RRULE text

interface ParsedRule {
  freq: string | null;
  /** Bitmask of plain BYDAY weekdays (bit 0 = Sunday). */
  byday: number;
  bydayHasOrdinal: boolean;
  interval: number;
  wkst: number;
  until: string | null;
  count: number | null;
  /** BY* parts other than BYDAY (BYHOUR, BYSETPOS, …): the fast path does not handle them. */
  hasOtherParts: boolean;
  ruleLine: string | null;
  exdates: string[];
}

const parsedRules = new Map<string, ParsedRule>();

/** parseRuleText, remembered per text (rules repeat across blocks); results are shared: never mutate them. */
function parseRule(text: string): ParsedRule {
  let parsed = parsedRules.get(text);
  if (!parsed) {
    parsed = parseRuleText(text);
    if (parsedRules.size >= 5_000) parsedRules.clear();
    parsedRules.set(text, parsed);
  }
  return parsed;
}

function parseRuleText(text: string): ParsedRule {
  const parsed: ParsedRule = {
    freq: null,
    byday: 0,
    bydayHasOrdinal: false,
    interval: 1,
    wkst: 1,
    until: null,
    count: null,
    hasOtherParts: false,
    ruleLine: null,
    exdates: [],
  };
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const upper = line.toUpperCase();
    if (upper.startsWith('EXDATE')) {
      const colon = line.indexOf(':');
      if (colon >= 0) {
        for (const v of line.slice(colon + 1).split(',')) if (v.trim()) parsed.exdates.push(v.trim());
      }
      continue;
    }
    if (upper.startsWith('DTSTART') || upper.startsWith('RDATE')) continue;
    const body = upper.startsWith('RRULE:') ? line.slice(6) : line;
    if (!/FREQ=/i.test(body)) continue;
    parsed.ruleLine = body;
    for (const part of body.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const key = part.slice(0, eq).trim().toUpperCase();
      const value = part
        .slice(eq + 1)
        .trim()
        .toUpperCase();
      switch (key) {
        case 'FREQ':
          parsed.freq = value;
          break;
        case 'BYDAY':
          for (const code of value.split(',')) {
            const m = /^([+-]?\d+)?(SU|MO|TU|WE|TH|FR|SA)$/.exec(code.trim());
            if (!m) continue;
            if (m[1]) parsed.bydayHasOrdinal = true;
            parsed.byday |= 1 << WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number]);
          }
          break;
        case 'INTERVAL': {
          const n = Number.parseInt(value, 10);
          if (Number.isFinite(n) && n > 0) parsed.interval = n;
          break;
        }
        case 'WKST': {
          const i = WEEKDAY_CODES.indexOf(value as (typeof WEEKDAY_CODES)[number]);
          if (i >= 0) parsed.wkst = i;
          break;
        }
        case 'UNTIL':
          parsed.until = value;
          break;
        case 'COUNT': {
          const n = Number.parseInt(value, 10);
          if (Number.isFinite(n) && n >= 0) parsed.count = n;
          break;
        }
        default:
          if (key.startsWith('BY')) parsed.hasOtherParts = true;
          break;
      }
    }
  }
  return parsed;
}

const ICAL_DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/;

/** An iCalendar DATE or DATE-TIME as { day (local epoch day), instant (ms) or null for a date }. */
function parseIcalDate(value: string, timeZone: string): { day: number; instant: number | null } | null {
  const m = ICAL_DATE_TIME.exec(value.replace(/^.*:/, '').trim());
  if (!m) return null;
  const day = epochDayFromParts(Number(m[1]), Number(m[2]), Number(m[3]));
  if (m[4] === undefined) return { day, instant: null };
  const wall = day * DAY_MS + (Number(m[4]) * 60 + Number(m[5])) * MINUTE_MS + Number(m[6] ?? 0) * 1000;
  const instant = m[7] ? wall : wallToUtc(timeZone, wall);
  return { day: localEpochDay(timeZone, instant), instant };
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

// ---------------------------------------------------------------------------------------------------------
// Occurrence index for evaluations

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
  sorted.sort((a, b) => a.start - b.start);
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

// ---------------------------------------------------------------------------------------------------------
// Weekly shape of a block (for forms and validation)

/** A block's weekdays (0 = Sunday) and local minutes of day, as the form edits it. */
export interface WellnessBlockTimes {
  weekdays: number[];
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/** The weekdays, local start and end minute of a stored block, in its zone (or the given one). */
export function wellnessBlockTimes(block: WellnessBlockInput, timeZone?: string | null): WellnessBlockTimes {
  const zone = isValidTimeZone(block.timeZone)
    ? block.timeZone
    : isValidTimeZone(timeZone)
      ? timeZone
      : 'UTC';
  const start = toMs(block.startsAt);
  const end = toMs(block.endsAt);
  const startWall = utcToWall(zone, start);
  const endWall = utcToWall(zone, end);
  const firstDay = Math.floor(startWall / DAY_MS);
  const startMinute = Math.round((startWall - firstDay * DAY_MS) / MINUTE_MS);
  const endMinute = Math.round((endWall - firstDay * DAY_MS) / MINUTE_MS);
  const rule = parseRule(typeof block.rrule === 'string' ? block.rrule : '');
  const mask = rule.byday || (Number.isFinite(firstDay) ? 1 << weekdayOfEpochDay(firstDay) : 0);
  const weekdays = WEEKDAYS_MONDAY_FIRST.filter((d) => (mask & (1 << d)) !== 0);
  return { weekdays, startMinute, endMinute, timeZone: zone };
}

/** 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE' for weekdays (0 = Sunday), Monday first, duplicates removed. */
export function buildWeeklyRRule(weekdays: readonly number[]): string {
  const set = new Set(weekdays.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  const codes = WEEKDAYS_MONDAY_FIRST.filter((d) => set.has(d)).map((d) => WEEKDAY_CODES[d]);
  return `RRULE:FREQ=WEEKLY;BYDAY=${codes.join(',')}`;
}

/**
 * The stored fields of a block made in the form: the rrule and the first occurrence on or after `fromDate`
 * ('YYYY-MM-DD', the user's today) on one of the weekdays, at the local times, in the zone.
 */
export function wellnessBlockSchedule(params: {
  weekdays: readonly number[];
  startMinute: number;
  endMinute: number;
  timeZone: string;
  fromDate: string;
}): { rrule: string; startsAt: Date; endsAt: Date; timeZone: string } | null {
  const zone = isValidTimeZone(params.timeZone) ? params.timeZone : 'UTC';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.fromDate);
  const days = new Set(params.weekdays);
  if (!m || days.size === 0 || !(params.startMinute < params.endMinute)) return null;
  let day = epochDayFromParts(Number(m[1]), Number(m[2]), Number(m[3]));
  for (let i = 0; i < 7 && !days.has(weekdayOfEpochDay(day)); i++) day++;
  const start = wallToUtc(zone, day * DAY_MS + params.startMinute * MINUTE_MS);
  const end = wallToUtc(zone, day * DAY_MS + params.endMinute * MINUTE_MS);
  return {
    rrule: buildWeeklyRRule([...days]),
    startsAt: msToDate(start),
    endsAt: msToDate(end),
    timeZone: zone,
  };
}

/** One stored occurrence of a recurring series. */
export interface SeriesOccurrence {
  id: string;
  startsAt: TimeInput;
  endsAt: TimeInput;
}

/** The weekly block a recurring series becomes, and the occurrences it covers. */
export interface SeriesBlockShape {
  /** Local weekdays (0 = Sunday), Monday first. */
  weekdays: number[];
  /** The occurrences at the chosen one's local times, earliest first; a moved occurrence is not among them. */
  coveredIds: string[];
  /** The earliest covered occurrence: the block's first occurrence. */
  startsAt: number;
  endsAt: number;
}

/**
 * A series converted into a Wellness block becomes one weekly block on every local weekday the series
 * meets at the chosen occurrence's local times (a Monday-to-Friday lunch gives MO–FR, not the weekday that
 * was clicked). Occurrences moved to other times are left as they are: the block does not cover them.
 */
export function seriesBlockShape(
  chosen: SeriesOccurrence,
  occurrences: readonly SeriesOccurrence[],
  timeZone: string,
): SeriesBlockShape {
  const timesOf = (o: SeriesOccurrence) =>
    wellnessBlockTimes({ id: o.id, rrule: '', startsAt: o.startsAt, endsAt: o.endsAt, timeZone }, timeZone);
  const target = timesOf(chosen);
  const byId = new Map<string, SeriesOccurrence>([[chosen.id, chosen]]);
  for (const o of occurrences) byId.set(o.id, o);
  const covered = [...byId.values()]
    .map((o) => ({ o, times: timesOf(o), start: toMs(o.startsAt), end: toMs(o.endsAt) }))
    .filter(({ times }) => times.startMinute === target.startMinute && times.endMinute === target.endMinute)
    .sort((a, b) => a.start - b.start || a.o.id.localeCompare(b.o.id));
  const days = new Set(covered.flatMap(({ times }) => times.weekdays));
  const first = covered[0]!;
  return {
    weekdays: WEEKDAYS_MONDAY_FIRST.filter((d) => days.has(d)),
    coveredIds: covered.map(({ o }) => o.id),
    startsAt: first.start,
    endsAt: first.end,
  };
}

/**
 * Whether a block converted from a series covers an occurrence of that series synced later: the occurrence
 * falls on one of the block's weekdays at the block's local times.
 */
export function blockCoversOccurrence(block: WellnessBlockInput, occurrence: SeriesOccurrence): boolean {
  const times = wellnessBlockTimes(block);
  const at = wellnessBlockTimes(
    {
      id: occurrence.id,
      rrule: '',
      startsAt: occurrence.startsAt,
      endsAt: occurrence.endsAt,
      timeZone: times.timeZone,
    },
    times.timeZone,
  );
  return (
    at.startMinute === times.startMinute &&
    at.endMinute === times.endMinute &&
    at.weekdays.every((d) => times.weekdays.includes(d))
  );
}
