import { expandRule, MAX_OCCURRENCES, type RecurValue } from './expand-recurrence';
import { type IcsRead, noteDateValue, tooManyOccurrences } from './ics-read';
import { DAY_MS, type IcsDuration, readDuration, readTimeValue } from './ics-time';
import { type OccurrenceKey, seriesKey, type Timing, toSeriesLocal } from './ics-timing';
import type { IcsEventBody } from './map-ics-event';
import {
  addProblem,
  type IcsComponent,
  type IcsProblem,
  type IcsProperty,
  param,
  props,
} from './read-ics-components';

/** A recurring VEVENT as its occurrences are computed: its UID, component, timing and body. */
export type Series = { uid: string; component: IcsComponent; timing: Timing; body: IcsEventBody };

/**
 * How one look at a series' occurrences reports: `problems` gets what cannot be read (or was cut), `report`
 * says whether leniencies are noted. A second look at the same series reports nothing.
 */
type Look = { read: IcsRead; problems: IcsProblem[]; report: boolean };

/** RRULE lines that say something: an empty `RRULE:` (some holiday exporters) is noted and ignored. */
export function recurrenceRules(
  read: IcsRead,
  component: IcsComponent,
  name: 'rrule' | 'exrule',
  uid: string,
): IcsProperty[] {
  const found: IcsProperty[] = [];
  for (const p of component.props) {
    if (p.name !== name) continue;
    const recur = p.values[0];
    if (!recur || typeof recur !== 'object') continue;
    if (Object.values(recur).every((v) => v === undefined || v === null || v === '')) {
      if (name === 'rrule') read.notes.add('empty-rrule', uid, p.line);
      continue;
    }
    found.push(p);
  }
  return found;
}

/**
 * The series' occurrence starts (wall-clock, in its zone) between two local instants, each with its own
 * duration when an RDATE period gives one: RRULE and RDATE, less EXRULE and EXDATE. `report` adds what
 * cannot be read (or was cut) to the problems; a second look at the same series passes false.
 */
export function occurrenceStarts(
  read: IcsRead,
  series: Series,
  fromLocal: number,
  toLocal: number,
  report: boolean,
): Map<number, IcsDuration | undefined> {
  const look: Look = { read, problems: report ? read.problems : [], report };
  // Occurrence starts (wall-clock) → their own duration when an RDATE period gives one.
  const starts = new Map<number, IcsDuration | undefined>();
  starts.set(series.timing.start.local, undefined);
  const rules = ruleStarts(look, series, 'rrule', fromLocal, toLocal);
  for (const s of rules.starts) starts.set(s, undefined);
  addRdates(look, series, starts);

  const excluded = ruleStarts(look, series, 'exrule', fromLocal, toLocal).starts;
  const excludedDays = new Set<number>();
  addExdates(look, series, excluded, excludedDays);
  for (const local of [...starts.keys()]) {
    if (excluded.has(local) || excludedDays.has(Math.floor(local / DAY_MS))) starts.delete(local);
  }
  // The cap counts every occurrence in the window, RRULE and RDATE alike (a single VEVENT listing 200,000
  // RDATEs is as much work as a rule that makes them): the earliest MAX_OCCURRENCES are kept.
  const inWindow = [...starts.keys()].filter((l) => l >= fromLocal && l < toLocal);
  if (inWindow.length > MAX_OCCURRENCES) {
    inWindow.sort((a, b) => a - b);
    for (const local of inWindow.slice(MAX_OCCURRENCES)) starts.delete(local);
    if (!rules.truncated) {
      addProblem(look.problems, {
        line: series.component.line,
        uid: series.uid,
        message: tooManyOccurrences(series.body),
      });
    }
  }
  return starts;
}

/** The starts every RRULE (or EXRULE) of the series makes in the range, and whether a rule was cut. */
function ruleStarts(
  { read, problems, report }: Look,
  { uid, component, timing, body }: Series,
  name: 'rrule' | 'exrule',
  fromLocal: number,
  toLocal: number,
): { starts: Set<number>; truncated: boolean } {
  const untilUtcToLocal = (utc: number) =>
    timing.allDay ? read.resolver.allDayUntil(utc) : timing.zone.toLocal(utc);
  const starts = new Set<number>();
  let truncated = false;
  const rules = recurrenceRules(read, component, name, uid);
  for (const p of rules) {
    const recur = p.values[0];
    // A date UNTIL on a timed series (RFC 5545 wants DTSTART's type) counts its whole day.
    const until = (recur as { until?: unknown }).until;
    if (report && !timing.allDay && typeof until === 'string' && until.length === 10)
      read.notes.add('date-without-value-date', uid, p.line, 'UNTIL');
    for (const part of (report && p.ignoredRuleParts) || []) {
      const rule = p.name.toUpperCase();
      addProblem(problems, {
        line: p.line,
        uid,
        message: part.includes('=')
          ? `${rule} ${part} is not a positive whole number; the rule was read without it`
          : `${rule} part "${part}" is no part of a rule; the rule was read without it`,
      });
    }
    const result = expandRule({
      recur: recur as RecurValue,
      startLocal: timing.start.local,
      isDate: timing.allDay,
      countsDtstart: name === 'rrule' && rules.length === 1,
      untilUtcToLocal,
      fromLocal,
      toLocal,
    });
    if (result.error) addProblem(problems, { line: p.line, uid, message: result.error });
    if (result.truncated && name === 'rrule') {
      truncated = true;
      addProblem(problems, { line: p.line, uid, message: tooManyOccurrences(body) });
    }
    for (const s of result.starts) starts.add(s);
  }
  return { starts, truncated };
}

/** RDATE values (dates, date-times or periods, whose end or duration gives the occurrence its own). */
function addRdates(
  { read, problems, report }: Look,
  { uid, component, timing }: Series,
  starts: Map<number, IcsDuration | undefined>,
) {
  for (const p of props(component, 'rdate')) {
    const tzid = param(p, 'tzid');
    for (const value of p.values) {
      if (Array.isArray(value)) {
        const start = readTimeValue(value[0], tzid);
        if (!start) {
          addProblem(problems, { line: p.line, uid, message: 'Unreadable RDATE value' });
          continue;
        }
        if (report) noteDateValue(read.notes, p, value, uid);
        const local = toSeriesLocal(read, timing, start, uid);
        const endTime = readTimeValue(value[1], tzid);
        const duration = endTime
          ? {
              nominalMs: 0,
              exactMs: read.resolver.toUtc(endTime, { uid }) - read.resolver.toUtc(start, { uid }),
            }
          : readDuration(value[1]);
        starts.set(local, duration);
        continue;
      }
      const time = readTimeValue(value, tzid);
      if (time) {
        starts.set(toSeriesLocal(read, timing, time, uid), undefined);
        if (report) noteDateValue(read.notes, p, value, uid);
      } else addProblem(problems, { line: p.line, uid, message: 'Unreadable RDATE value' });
    }
  }
}

/** EXDATE values: starts removed, or (a date on a date-time series) whole days removed. */
function addExdates(
  { read, problems, report }: Look,
  { uid, component, timing }: Series,
  excluded: Set<number>,
  excludedDays: Set<number>,
) {
  for (const p of props(component, 'exdate')) {
    const tzid = param(p, 'tzid');
    for (const value of p.values) {
      const time = readTimeValue(value, tzid);
      if (!time) {
        addProblem(problems, { line: p.line, uid, message: 'Unreadable EXDATE value' });
        continue;
      }
      if (report) noteDateValue(read.notes, p, value, uid);
      if (time.kind === 'date' && !timing.allDay) excludedDays.add(Math.floor(time.local / DAY_MS));
      else excluded.add(toSeriesLocal(read, timing, time, uid));
    }
  }
}

/**
 * An override whose RECURRENCE-ID names no occurrence (its series was moved since it was made, or the time
 * is written another way) takes the place of its series' occurrence on the same local day, the nearest one
 * not overridden already, instead of showing beside it; the import report says so. RFC 5545 leaves the case
 * open; with no occurrence that day the override stands on its own.
 */
export function snapOrphanOverrides(
  read: IcsRead,
  series: Series,
  overrides: { key: OccurrenceKey; originalLocal: number }[],
  groups: Map<string, unknown>,
) {
  const claimed = new Set(overrides.map((o) => o.key.iso));
  for (const o of overrides) {
    const local = o.originalLocal;
    const day = Math.floor(local / DAY_MS) * DAY_MS;
    const sameDay = [...occurrenceStarts(read, series, day, day + DAY_MS, false).keys()]
      .filter((start) => start >= day && start < day + DAY_MS)
      .sort((a, b) => Math.abs(a - local) - Math.abs(b - local) || a - b);
    if (sameDay.includes(local)) continue;
    const target = sameDay
      .map((start) => ({ start, key: seriesKey(series.timing, start) }))
      .find((c) => !claimed.has(c.key.iso));
    if (!target) continue;
    addProblem(read.problems, {
      uid: series.uid,
      message: `An override's RECURRENCE-ID (${o.key.iso}) names no occurrence of its series: it replaces the one of ${target.key.iso}`,
    });
    const group = groups.get(o.key.iso);
    groups.delete(o.key.iso);
    groups.set(target.key.iso, group);
    claimed.add(target.key.iso);
    o.key = target.key;
    o.originalLocal = target.start;
  }
}
