/**
 * A crowded stretch of the Plan week: a conference's parallel sessions, a team calendar imported whole. Drawn
 * as they are, twenty meetings at once are twenty slivers nobody can read or hit. Where more than `columns`
 * events overlap, `columns - 1` are drawn and the rest are gathered into a "+N more" event that lists them.
 */

/** At most this many events side by side in a day of the week view. */
export const WEEK_COLUMNS = 4;

/** What the week view draws: its start and end, whether it is a banner above the grid, and its title. */
type Timed = { start: Date; end: Date; allDay: boolean; title?: string };

/** Events hidden in one stretch: drawn as one event from the first one's start to the last one's end. */
export type MoreEvent<T> = { kind: 'more'; start: Date; end: Date; allDay: false; hidden: T[] };

/** A short event is drawn at least this tall, so it overlaps what starts within it on the screen. */
const DRAWN_MIN_MS = 15 * 60_000;

const drawnEnd = (event: Timed) => Math.max(event.end.getTime(), event.start.getTime() + DRAWN_MIN_MS);

/**
 * Titles in the order a person reads them ("Session 2" before "Session 10"). One collator for every
 * comparison: `localeCompare` with options builds one per call, which made sorting a week of 2,000 meetings
 * take a quarter of a second.
 */
const titleOrder = new Intl.Collator('en', { numeric: true }).compare;

/** Events in order: by start, the longer first (as the calendar lays them out), then by title. */
const byStart = (a: Timed, b: Timed) =>
  a.start.getTime() - b.start.getTime() ||
  drawnEnd(b) - drawnEnd(a) ||
  titleOrder(a.title ?? '', b.title ?? '');

/** Runs of events that overlap one another, each run in order. */
function overlapping<T extends Timed>(sorted: readonly T[]): T[][] {
  const runs: T[][] = [];
  let runEnd = -Infinity;
  for (const event of sorted) {
    if (event.start.getTime() >= runEnd) runs.push([]);
    runs[runs.length - 1]!.push(event);
    runEnd = Math.max(runEnd, drawnEnd(event));
  }
  return runs;
}

/** The most events of a run under way at one time. */
function mostAtOnce(run: readonly Timed[]): number {
  const ends: number[] = [];
  let most = 0;
  for (const event of run) {
    const start = event.start.getTime();
    for (let i = ends.length - 1; i >= 0; i--) if (ends[i]! <= start) ends.splice(i, 1);
    ends.push(drawnEnd(event));
    most = Math.max(most, ends.length);
  }
  return most;
}

/**
 * The events to draw: all-day ones and uncrowded runs as they are; in a run with more than `columns` at once,
 * the first `columns - 1` under way at each moment, and a "+N more" event for each stretch of the others.
 * Nothing is lost: every event is drawn or in exactly one "more" event.
 */
export function crowdOut<T extends Timed>(
  events: readonly T[],
  columns = WEEK_COLUMNS,
): (T | MoreEvent<T>)[] {
  const shown: (T | MoreEvent<T>)[] = events.filter((event) => event.allDay);
  const timed = events.filter((event) => !event.allDay).sort(byStart);
  for (const run of overlapping(timed)) {
    if (mostAtOnce(run) <= columns) {
      shown.push(...run);
      continue;
    }
    const drawnEnds: number[] = [];
    const hidden: T[] = [];
    for (const event of run) {
      const start = event.start.getTime();
      for (let i = drawnEnds.length - 1; i >= 0; i--) if (drawnEnds[i]! <= start) drawnEnds.splice(i, 1);
      if (drawnEnds.length < columns - 1) {
        drawnEnds.push(drawnEnd(event));
        shown.push(event);
      } else hidden.push(event);
    }
    for (const stretch of overlapping(hidden)) {
      shown.push({
        kind: 'more',
        start: stretch[0]!.start,
        end: new Date(Math.max(...stretch.map((event) => event.end.getTime()))),
        allDay: false,
        hidden: stretch,
      });
    }
  }
  return shown;
}

export const isMoreEvent = <T>(event: T | MoreEvent<T>): event is MoreEvent<T> =>
  (event as MoreEvent<T>).kind === 'more';
