import type { CalendarEvent, SyncWindow } from '../../types';
import { decodeIcsText } from './decode-ics-text';
import { expandRule, MAX_OCCURRENCES, type RecurValue } from './expand-recurrence';
import { IcsNotes } from './ics-notes';
import {
  DAY_MS,
  type IcsDuration,
  type IcsTime,
  isoDate,
  readDuration,
  readTime,
  readTimeValue,
  ZoneResolver,
} from './ics-time';
import { type IcsEventBody, mapIcsEventBody } from './map-ics-event';
import {
  addProblem,
  type IcsComponent,
  type IcsProblem,
  type IcsProperty,
  param,
  prop,
  props,
  readIcsComponents,
  text,
  UNREADABLE,
} from './read-ics-components';
import type { Zone } from './time-zones';

export type { IcsProblem } from './read-ics-components';

export type ParseIcsOptions = {
  /** Occurrences overlapping [from, to) are returned. */
  window: SyncWindow;
  /** Marks the owner's own attendee entry (`self`). */
  ownerEmail: string;
  /** IANA zone for all-day dates, and for floating times when the file has no usable X-WR-TIMEZONE. */
  defaultTimeZone: string;
  /** The calendar accepts writes (CalDAV with write access): events without organizer or organised by the owner get `canEdit`. Default false. */
  writable?: boolean | undefined;
};

type IcsCalendarInfo = {
  name?: string | undefined;
  description?: string | undefined;
  timeZone?: string | undefined;
  color?: string | undefined;
  method?: string | undefined;
};

export type ParseIcsResult = {
  events: CalendarEvent[];
  problems: IcsProblem[];
  calendar: IcsCalendarInfo;
  /** Every UID in the file, in or out of the window (CalDAV keeps one UID per resource). */
  uids: string[];
};

/** iTIP methods that carry no event of their own for the calendar (replies, refresh requests, counters). */

/** The import report's line for a series cut at MAX_OCCURRENCES occurrences in the window. */
function tooManyOccurrences(body: IcsEventBody) {
  const max = MAX_OCCURRENCES.toLocaleString('en-US');
  return `"${body.summary || 'Untitled event'}" repeats more than ${max} times in the synced window: only its first ${max} occurrences are kept`;
}

const IGNORED_METHODS = new Set(['REPLY', 'REFRESH', 'COUNTER', 'DECLINECOUNTER']);

type Candidate = {
  component: IcsComponent;
  uid: string;
  rid: IcsTime | undefined;
  thisAndFuture: boolean;
  cancel: boolean;
  rank: [number, number, number, number];
};

/** One event after duplicates are resolved: the component to read, and whether a CANCEL (or a newer one) won. */
type Resolved = {
  component: IcsComponent | undefined;
  cancelComponent: IcsComponent | undefined;
  cancelled: boolean;
};

type Timing = {
  start: IcsTime;
  zone: Zone;
  allDay: boolean;
  duration: IcsDuration;
  /** DTEND was written but cannot be read (an override then keeps its series' duration). */
  endUnreadable: boolean;
};

/**
 * Parses an iCalendar file (or an iTIP stream of several VCALENDARs) into the events of a window, one per
 * occurrence. Pure and total: whatever cannot be read is reported in `problems`, never thrown.
 *
 * Ids: a single event is its UID; an occurrence of a series (or an override without its master) is
 * `${uid}::${originalStart}`, the original start being an ISO instant ('2024-03-04T08:00:00.000Z') or, for
 * all-day series, an ISO date ('2024-03-04'), so ids do not change with the owner's time zone.
 */
export function parseIcs(input: string | Uint8Array, options: ParseIcsOptions): ParseIcsResult {
  const problems: IcsProblem[] = [];
  const events: CalendarEvent[] = [];
  const calendar: IcsCalendarInfo = {};
  const uids: string[] = [];
  try {
    new IcsParser(options, problems, events, calendar, uids).run(input);
  } catch (error) {
    addProblem(problems, {
      message: `Unexpected parser failure: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  return { events, problems, calendar, uids };
}

class IcsParser {
  private resolver!: ZoneResolver;
  private readonly bodies = new Map<IcsComponent, IcsEventBody>();
  private readonly notes = new IcsNotes();
  private readonly from: number;
  private readonly to: number;

  constructor(
    private readonly options: ParseIcsOptions,
    private readonly problems: IcsProblem[],
    private readonly events: CalendarEvent[],
    private readonly calendar: IcsCalendarInfo,
    private readonly uids: string[],
  ) {
    this.from = options.window.from.getTime();
    this.to = options.window.to.getTime();
  }

  run(input: string | Uint8Array) {
    const { text: source, encoding } = decodeIcsText(input);
    if (encoding === 'windows-1252') {
      addProblem(this.problems, { message: 'The file is not UTF-8; it was read as windows-1252 (latin1)' });
    }
    const roots = readIcsComponents(source, this.problems);
    const calendars = roots.filter((c) => c.name === 'vcalendar');
    const loose = roots.filter((c) => c.name !== 'vcalendar');
    if (loose.length) calendars.push({ name: 'vcalendar', props: [], children: loose, line: loose[0]!.line });
    if (!roots.length && source.trim()) addProblem(this.problems, { message: 'No VCALENDAR found' });

    const vtimezones = new Map<string, IcsComponent>();
    for (const cal of calendars) {
      for (const child of cal.children) {
        if (child.name !== 'vtimezone') continue;
        const tzid = text(child, 'tzid').trim();
        if (tzid && !vtimezones.has(tzid)) vtimezones.set(tzid, child);
      }
      this.calendar.name ??= unescapeText(text(cal, 'x-wr-calname') || text(cal, 'name')) || undefined;
      this.calendar.description ??= unescapeText(text(cal, 'x-wr-caldesc')) || undefined;
      this.calendar.timeZone ??= unescapeText(text(cal, 'x-wr-timezone')).trim() || undefined;
      this.calendar.color ??= text(cal, 'x-apple-calendar-color') || undefined;
      this.calendar.method ??= text(cal, 'method').toUpperCase() || undefined;
    }
    this.resolver = new ZoneResolver(
      vtimezones,
      this.calendar.timeZone,
      this.options.defaultTimeZone,
      this.problems,
    );

    const byUid = new Map<string, Candidate[]>();
    let order = 0;
    for (const cal of calendars) {
      const method = text(cal, 'method').toUpperCase() || 'PUBLISH';
      if (IGNORED_METHODS.has(method)) continue;
      for (const component of cal.children) {
        if (component.name !== 'vevent') continue;
        const candidate = this.candidate(component, method === 'CANCEL', order++);
        if (!candidate) continue;
        const list = byUid.get(candidate.uid);
        if (list) list.push(candidate);
        else byUid.set(candidate.uid, [candidate]);
      }
    }
    for (const [uid, candidates] of byUid) {
      this.uids.push(uid);
      try {
        this.series(uid, candidates);
      } catch (error) {
        addProblem(this.problems, {
          uid,
          message: `Event skipped: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
    // The leniencies first, one counted line each: never cut from a long report.
    this.problems.unshift(...this.notes.problems());
  }

  /**
   * Notes a date value read leniently: 8 digits without VALUE=DATE (read as a date, as every mainstream reader
   * does), or a VALUE=DATE holding a time of day (read as the time written). See read-ics-components.ts.
   */
  private noteDateValue(p: IcsProperty, value: unknown, uid: string) {
    if (p.looseTime) this.notes.add('loose-date-time', uid, p.line, p.name);
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first !== 'string') return;
    if (p.type === 'date') {
      if (first.length >= 19) this.notes.add('value-date-with-time', uid, p.line, p.name);
    } else if (first.length === 10) this.notes.add('date-without-value-date', uid, p.line, p.name);
  }

  /** RRULE lines that say something: an empty `RRULE:` (some holiday exporters) is noted and ignored. */
  private rules(component: IcsComponent, name: 'rrule' | 'exrule', uid: string): IcsProperty[] {
    const found: IcsProperty[] = [];
    for (const p of component.props) {
      if (p.name !== name) continue;
      const recur = p.values[0];
      if (!recur || typeof recur !== 'object') continue;
      if (Object.values(recur).every((v) => v === undefined || v === null || v === '')) {
        if (name === 'rrule') this.notes.add('empty-rrule', uid, p.line);
        continue;
      }
      found.push(p);
    }
    return found;
  }

  private candidate(component: IcsComponent, cancel: boolean, order: number): Candidate | undefined {
    let uid = text(component, 'uid').trim();
    if (!uid) {
      uid = `no-uid-${hash(`${String(prop(component, 'dtstart')?.values[0])}|${text(component, 'summary')}`)}`;
      addProblem(this.problems, {
        line: component.line,
        uid,
        message: 'VEVENT without UID; an id was derived from its start and summary',
      });
    }
    const ridProp = prop(component, 'recurrence-id');
    const rid = readTime(ridProp);
    if (ridProp && !rid) {
      addProblem(this.problems, {
        line: ridProp.line,
        uid,
        message: 'Unreadable RECURRENCE-ID; event skipped',
      });
      return undefined;
    }
    if (ridProp) this.noteDateValue(ridProp, ridProp.values[0], uid);
    const sequence = Number(prop(component, 'sequence')?.values[0]);
    const stampOf = (name: string) => readTime(prop(component, name))?.local ?? Number.NEGATIVE_INFINITY;
    return {
      component,
      uid,
      rid,
      thisAndFuture: (ridProp ? param(ridProp, 'range') : '')?.toUpperCase() === 'THISANDFUTURE',
      cancel,
      rank: [Number.isInteger(sequence) ? sequence : 0, stampOf('last-modified'), stampOf('dtstamp'), order],
    };
  }

  /** The same UID several times: highest SEQUENCE, then latest LAST-MODIFIED, DTSTAMP, then the later one. */
  private resolve(candidates: Candidate[]): Resolved & { winner: Candidate } {
    let winner = candidates[0]!;
    let best: Candidate | undefined;
    for (const c of candidates) {
      if (compareRank(c.rank, winner.rank) > 0) winner = c;
      if (!c.cancel && (!best || compareRank(c.rank, best.rank) > 0)) best = c;
    }
    return {
      winner,
      component: best?.component,
      cancelComponent: winner.cancel ? winner.component : undefined,
      cancelled: winner.cancel,
    };
  }

  private body(component: IcsComponent, uid: string): IcsEventBody {
    let body = this.bodies.get(component);
    if (!body) {
      body = mapIcsEventBody(component, {
        uid,
        ownerEmail: this.options.ownerEmail,
        writable: this.options.writable ?? false,
      });
      this.bodies.set(component, body);
    }
    return body;
  }

  private timing(component: IcsComponent, uid: string): Timing | undefined {
    const dtstart = prop(component, 'dtstart');
    const start = readTime(dtstart);
    if (!start) {
      // A line ical.js could not parse at all is reported already.
      if (dtstart?.type !== UNREADABLE)
        addProblem(this.problems, {
          line: dtstart?.line ?? component.line,
          uid,
          message: dtstart ? 'Unreadable DTSTART' : 'VEVENT without DTSTART',
        });
      return undefined;
    }
    this.noteDateValue(dtstart!, dtstart!.values[0], uid);
    const zone = this.resolver.zoneOf(start, { line: dtstart!.line, uid });
    const allDay = start.kind === 'date';
    let duration: IcsDuration = allDay ? { nominalMs: DAY_MS, exactMs: 0 } : { nominalMs: 0, exactMs: 0 };
    let endUnreadable = false;
    const dtendProp = prop(component, 'dtend');
    const durationProp = prop(component, 'duration');
    const end = readTime(dtendProp);
    if (end) {
      this.noteDateValue(dtendProp!, dtendProp!.values[0], uid);
      if (allDay && end.kind === 'date') {
        const days = end.local - start.local;
        if (days > 0) duration = { nominalMs: days, exactMs: 0 };
        // DTEND must be later than DTSTART; calendar apps show such an event on its day (Calendar Labs).
        else if (days === 0) this.notes.add('all-day-ends-on-start', uid, dtendProp!.line);
        else
          addProblem(this.problems, {
            line: dtendProp!.line,
            uid,
            message: 'All-day event ends before it starts; it was read as lasting its first day',
          });
      } else {
        const startUtc = zone.toUtc(start.local);
        duration = {
          nominalMs: 0,
          exactMs: this.resolver.toUtc(end, { line: dtendProp!.line, uid }) - startUtc,
        };
      }
    } else if (durationProp) {
      const parsed = readDuration(durationProp.values[0]);
      if (parsed) duration = parsed;
      else addProblem(this.problems, { line: durationProp.line, uid, message: 'Unreadable DURATION' });
    } else if (dtendProp) {
      endUnreadable = true;
      if (dtendProp.type !== UNREADABLE)
        addProblem(this.problems, { line: dtendProp.line, uid, message: 'Unreadable DTEND' });
    }
    if (duration.nominalMs + duration.exactMs < 0) {
      addProblem(this.problems, {
        line: (dtendProp ?? durationProp)?.line,
        uid,
        message: 'Event ends before it starts; its end was set to its start',
      });
      duration = { nominalMs: 0, exactMs: 0 };
    }
    return { start, zone, allDay, duration, endUnreadable };
  }

  /** Instant of a wall-clock start in a timing's zone, with its end. */
  private times(timing: Timing, startLocal: number, duration: IcsDuration = timing.duration) {
    const startUtc = timing.zone.toUtc(startLocal);
    let endUtc =
      (duration.nominalMs ? timing.zone.toUtc(startLocal + duration.nominalMs) : startUtc) + duration.exactMs;
    if (!(endUtc >= startUtc)) endUtc = startUtc;
    return { startUtc, endUtc };
  }

  private inWindow(startUtc: number, endUtc: number): boolean {
    if (startUtc >= this.to) return false;
    return endUtc > this.from || (endUtc === startUtc && startUtc >= this.from);
  }

  /** A time of another property in the series' wall-clock terms. */
  private toSeriesLocal(master: Timing, time: IcsTime, uid: string): number {
    // An all-day series is a list of dates: a timed RECURRENCE-ID or EXDATE names the date it has in its own
    // zone (its TZID, or UTC for …Z), never the date it would have where the reader is.
    if (master.allDay) return Math.floor(time.local / DAY_MS) * DAY_MS;
    if (time.kind === 'date') return time.local + timeOfDay(master.start.local);
    if (time.kind === 'floating') return time.local;
    return master.zone.toLocal(this.resolver.toUtc(time, { uid }));
  }

  /** The id part of an original start: ISO instant, or ISO date for all-day series. */
  private occurrenceKey(
    master: Timing | undefined,
    time: IcsTime,
    uid: string,
  ): { iso: string; utc: number } {
    if (master) {
      const local = this.toSeriesLocal(master, time, uid);
      const utc = master.zone.toUtc(local);
      return { iso: master.allDay ? isoDate(local) : new Date(utc).toISOString(), utc };
    }
    if (time.kind === 'date')
      return { iso: isoDate(time.local), utc: this.resolver.allDay.toUtc(time.local) };
    const utc = this.resolver.toUtc(time, { uid });
    return { iso: new Date(utc).toISOString(), utc };
  }

  private series(uid: string, candidates: Candidate[]) {
    const masters = candidates.filter((c) => !c.rid);
    const overrides = candidates.filter((c) => c.rid);

    let masterTiming: Timing | undefined;
    let masterBody: IcsEventBody | undefined;
    let masterComponent: IcsComponent | undefined;
    let seriesCancelled = false;
    if (masters.length) {
      const resolved = this.resolve(masters);
      masterComponent = resolved.component ?? resolved.cancelComponent;
      seriesCancelled = resolved.cancelled;
      masterTiming = masterComponent ? this.timing(masterComponent, uid) : undefined;
      if (masterTiming) {
        masterBody = this.body(masterComponent!, uid);
        if (masterBody.status === 'cancelled') seriesCancelled = true;
      } else masterComponent = undefined;
    }

    // Overrides, keyed by their original start; duplicates resolved like masters.
    const groups = new Map<string, { key: { iso: string; utc: number }; candidates: Candidate[] }>();
    for (const c of overrides) {
      const key = this.occurrenceKey(masterTiming, c.rid!, uid);
      const group = groups.get(key.iso);
      if (group) group.candidates.push(c);
      else groups.set(key.iso, { key, candidates: [c] });
    }
    type Override = {
      key: { iso: string; utc: number };
      rid: IcsTime;
      /** The original start in the series' zone: the RECURRENCE-ID's, or the occurrence it was snapped to. */
      originalLocal: number;
      resolved: Resolved;
      thisAndFuture: boolean;
      body: IcsEventBody | undefined;
      timing: Timing | undefined;
    };
    const resolvedOverrides: Override[] = [];
    for (const { key, candidates: list } of groups.values()) {
      const resolved = this.resolve(list);
      const component = resolved.component ?? (masterTiming ? undefined : resolved.cancelComponent);
      const written = !!component && !!prop(component, 'dtstart');
      const timing = written ? this.timing(component!, uid) : undefined;
      const body = component ? this.body(component, uid) : undefined;
      if (written && !timing && !resolved.cancelled && body?.status !== 'cancelled') {
        // RFC 5545 §3.8.4.4: RECURRENCE-ID only names the occurrence replaced; with no start to put in its
        // place, the override replaces nothing (a cancellation still cancels it).
        addProblem(this.problems, {
          uid,
          message: masterTiming
            ? `The change to the occurrence of ${key.iso} has an unreadable DTSTART: the series occurrence was kept as it is`
            : `The change to the occurrence of ${key.iso} has an unreadable DTSTART and its series is not in the file: it was skipped`,
        });
        groups.delete(key.iso);
        continue;
      }
      // An override whose DTEND cannot be read lasts as long as its series.
      if (timing?.endUnreadable && masterTiming && timing.allDay === masterTiming.allDay)
        timing.duration = masterTiming.duration;
      resolvedOverrides.push({
        key,
        rid: resolved.winner.rid!,
        originalLocal: masterTiming ? this.toSeriesLocal(masterTiming, resolved.winner.rid!, uid) : 0,
        resolved,
        thisAndFuture: resolved.winner.thisAndFuture,
        body,
        timing,
      });
    }

    const recurring =
      !!masterComponent &&
      (this.rules(masterComponent, 'rrule', uid).length > 0 || props(masterComponent, 'rdate').length > 0);
    if (recurring && masterTiming && masterBody) {
      this.snapOrphanOverrides(uid, masterComponent!, masterTiming, masterBody, resolvedOverrides, groups);
    }

    // RANGE=THISANDFUTURE: the override's changes apply to every later occurrence.
    const rangeOverrides = resolvedOverrides
      .filter((o) => o.thisAndFuture && masterTiming)
      .map((o) => {
        const delta = o.timing ? this.toSeriesLocal(masterTiming!, o.timing.start, uid) - o.originalLocal : 0;
        return { override: o, delta };
      })
      .sort((a, b) => a.override.key.utc - b.override.key.utc);

    if (masterTiming && masterBody) {
      if (recurring) {
        this.expandSeries(
          uid,
          masterComponent!,
          masterTiming,
          masterBody,
          seriesCancelled,
          groups,
          rangeOverrides,
        );
      } else if (!groups.size || !groups.has(this.occurrenceKey(masterTiming, masterTiming.start, uid).iso)) {
        const { startUtc, endUtc } = this.times(masterTiming, masterTiming.start.local);
        if (this.inWindow(startUtc, endUtc)) {
          this.emit(uid, masterBody, startUtc, endUtc, masterTiming.allDay, seriesCancelled, undefined);
        }
      }
    }

    if (!resolvedOverrides.length) return;
    const singleKey =
      masterTiming && !recurring ? this.occurrenceKey(masterTiming, masterTiming.start, uid).iso : undefined;
    for (const o of resolvedOverrides) {
      let body = o.body ?? masterBody;
      let timing = o.timing;
      let startLocal: number;
      let duration: IcsDuration | undefined;
      if (timing) startLocal = timing.start.local;
      else if (masterTiming) {
        // A CANCEL without its own times, or an override without DTSTART: the original occurrence.
        const tf = rangeFor(rangeOverrides, o.key.utc, o);
        body = o.body ?? tf?.override.body ?? masterBody;
        timing = masterTiming;
        startLocal = o.originalLocal + (tf?.delta ?? 0);
        duration = tf?.override.timing?.duration;
      } else {
        const start = o.rid;
        const zone = this.resolver.zoneOf(start, { uid });
        timing = {
          start,
          zone,
          allDay: start.kind === 'date',
          duration: start.kind === 'date' ? { nominalMs: DAY_MS, exactMs: 0 } : { nominalMs: 0, exactMs: 0 },
          endUnreadable: false,
        };
        startLocal = start.local;
      }
      if (!body) continue;
      const { startUtc, endUtc } = this.times(timing, startLocal, duration ?? timing.duration);
      if (!this.inWindow(startUtc, endUtc)) continue;
      const cancelled =
        seriesCancelled || o.resolved.cancelled || cancelledByRange(rangeOverrides, o.key.utc);
      if (o.key.iso === singleKey) {
        this.emit(uid, body, startUtc, endUtc, timing.allDay, cancelled, undefined);
      } else {
        this.emit(uid, body, startUtc, endUtc, timing.allDay, cancelled, o.key);
      }
    }
  }

  /**
   * An override whose RECURRENCE-ID names no occurrence (its series was moved since it was made, or the time
   * is written another way) takes the place of its series' occurrence on the same local day, the nearest one
   * not overridden already, instead of showing beside it; the import report says so. RFC 5545 leaves the case
   * open; with no occurrence that day the override stands on its own.
   */
  private snapOrphanOverrides(
    uid: string,
    component: IcsComponent,
    timing: Timing,
    body: IcsEventBody,
    overrides: { key: { iso: string; utc: number }; originalLocal: number }[],
    groups: Map<string, unknown>,
  ) {
    const claimed = new Set(overrides.map((o) => o.key.iso));
    const keyOf = (local: number) => {
      const utc = timing.zone.toUtc(local);
      return { iso: timing.allDay ? isoDate(local) : new Date(utc).toISOString(), utc };
    };
    for (const o of overrides) {
      const local = o.originalLocal;
      const day = Math.floor(local / DAY_MS) * DAY_MS;
      const sameDay = [
        ...this.occurrenceStarts(uid, component, timing, body, day, day + DAY_MS, false).keys(),
      ]
        .filter((start) => start >= day && start < day + DAY_MS)
        .sort((a, b) => Math.abs(a - local) - Math.abs(b - local) || a - b);
      if (sameDay.includes(local)) continue;
      const target = sameDay
        .map((start) => ({ start, key: keyOf(start) }))
        .find((c) => !claimed.has(c.key.iso));
      if (!target) continue;
      addProblem(this.problems, {
        uid,
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

  /**
   * The series' occurrence starts (wall-clock, in its zone) between two local instants, each with its own
   * duration when an RDATE period gives one: RRULE and RDATE, less EXRULE and EXDATE. `report` adds what
   * cannot be read (or was cut) to the problems; a second look at the same series passes false.
   */
  private occurrenceStarts(
    uid: string,
    component: IcsComponent,
    timing: Timing,
    body: IcsEventBody,
    fromLocal: number,
    toLocal: number,
    report: boolean,
  ): Map<number, IcsDuration | undefined> {
    const problems = report ? this.problems : [];
    const untilUtcToLocal = (utc: number) =>
      (timing.allDay ? this.resolver.allDay : timing.zone).toLocal(utc);
    // Occurrence starts (wall-clock) → their own duration when an RDATE period gives one.
    const starts = new Map<number, IcsDuration | undefined>();
    starts.set(timing.start.local, undefined);
    let rulesTruncated = false;
    const expand = (name: 'rrule' | 'exrule') => {
      const found = new Set<number>();
      for (const p of this.rules(component, name, uid)) {
        const recur = p.values[0];
        // A date UNTIL on a timed series (RFC 5545 wants DTSTART's type) counts its whole day.
        const until = (recur as { until?: unknown }).until;
        if (report && !timing.allDay && typeof until === 'string' && until.length === 10)
          this.notes.add('date-without-value-date', uid, p.line, 'UNTIL');
        const result = expandRule({
          recur: recur as RecurValue,
          startLocal: timing.start.local,
          isDate: timing.allDay,
          untilUtcToLocal,
          fromLocal,
          toLocal,
        });
        if (result.error) addProblem(problems, { line: p.line, uid, message: result.error });
        if (result.truncated && name === 'rrule') {
          rulesTruncated = true;
          addProblem(problems, { line: p.line, uid, message: tooManyOccurrences(body) });
        }
        for (const s of result.starts) found.add(s);
      }
      return found;
    };
    for (const s of expand('rrule')) starts.set(s, undefined);

    for (const p of props(component, 'rdate')) {
      const tzid = param(p, 'tzid');
      for (const value of p.values) {
        if (Array.isArray(value)) {
          const start = readTimeValue(value[0], tzid);
          if (!start) {
            addProblem(problems, { line: p.line, uid, message: 'Unreadable RDATE value' });
            continue;
          }
          if (report) this.noteDateValue(p, value, uid);
          const local = this.toSeriesLocal(timing, start, uid);
          const endTime = readTimeValue(value[1], tzid);
          const duration = endTime
            ? {
                nominalMs: 0,
                exactMs: this.resolver.toUtc(endTime, { uid }) - this.resolver.toUtc(start, { uid }),
              }
            : readDuration(value[1]);
          starts.set(local, duration);
          continue;
        }
        const time = readTimeValue(value, tzid);
        if (time) {
          starts.set(this.toSeriesLocal(timing, time, uid), undefined);
          if (report) this.noteDateValue(p, value, uid);
        } else addProblem(problems, { line: p.line, uid, message: 'Unreadable RDATE value' });
      }
    }

    const excluded = expand('exrule');
    const excludedDays = new Set<number>();
    for (const p of props(component, 'exdate')) {
      const tzid = param(p, 'tzid');
      for (const value of p.values) {
        const time = readTimeValue(value, tzid);
        if (!time) {
          addProblem(problems, { line: p.line, uid, message: 'Unreadable EXDATE value' });
          continue;
        }
        if (report) this.noteDateValue(p, value, uid);
        // A date on a date-time series removes that day's occurrences.
        if (time.kind === 'date' && !timing.allDay) excludedDays.add(Math.floor(time.local / DAY_MS));
        else excluded.add(this.toSeriesLocal(timing, time, uid));
      }
    }

    for (const local of [...starts.keys()]) {
      if (excluded.has(local) || excludedDays.has(Math.floor(local / DAY_MS))) starts.delete(local);
    }
    // The cap counts every occurrence in the window, RRULE and RDATE alike (a single VEVENT listing 200,000
    // RDATEs is as much work as a rule that makes them): the earliest MAX_OCCURRENCES are kept.
    const inWindow = [...starts.keys()].filter((l) => l >= fromLocal && l < toLocal);
    if (inWindow.length > MAX_OCCURRENCES) {
      inWindow.sort((a, b) => a - b);
      for (const local of inWindow.slice(MAX_OCCURRENCES)) starts.delete(local);
      if (!rulesTruncated) {
        addProblem(problems, {
          line: component.line,
          uid,
          message: tooManyOccurrences(body),
        });
      }
    }
    return starts;
  }

  private expandSeries(
    uid: string,
    component: IcsComponent,
    timing: Timing,
    body: IcsEventBody,
    seriesCancelled: boolean,
    overrides: ReadonlyMap<string, unknown>,
    rangeOverrides: RangeOverride[],
  ) {
    const durationMs = timing.duration.nominalMs + timing.duration.exactMs;
    const shift = rangeOverrides.reduce((max, r) => Math.max(max, Math.abs(r.delta)), 0);
    const fromLocal = this.from - DAY_MS - durationMs - shift;
    const toLocal = this.to + DAY_MS + shift;
    const starts = this.occurrenceStarts(uid, component, timing, body, fromLocal, toLocal, true);
    for (const [local, ownDuration] of starts) {
      const originalUtc = timing.zone.toUtc(local);
      const iso = timing.allDay ? isoDate(local) : new Date(originalUtc).toISOString();
      if (overrides.has(iso)) continue;
      const tf = rangeFor(rangeOverrides, originalUtc);
      let occurrenceBody = body;
      let occurrenceTiming = timing;
      let startLocal = local;
      let duration = ownDuration ?? timing.duration;
      let cancelled = seriesCancelled;
      if (tf) {
        occurrenceBody = tf.override.body ?? body;
        startLocal = local + tf.delta;
        if (tf.override.timing) {
          duration = tf.override.timing.duration;
          occurrenceTiming = { ...timing, allDay: tf.override.timing.allDay };
        }
        cancelled ||= tf.override.resolved.cancelled;
      }
      const { startUtc, endUtc } = this.times(occurrenceTiming, startLocal, duration);
      if (!this.inWindow(startUtc, endUtc)) continue;
      this.emit(uid, occurrenceBody, startUtc, endUtc, occurrenceTiming.allDay, cancelled, {
        iso,
        utc: originalUtc,
      });
    }
  }

  private emit(
    uid: string,
    body: IcsEventBody,
    startUtc: number,
    endUtc: number,
    allDay: boolean,
    cancelled: boolean,
    occurrence: { iso: string; utc: number } | undefined,
  ) {
    // Written out rather than spread: this runs once per occurrence and is the hot path of a large import.
    this.events.push({
      providerEventId: occurrence ? `${uid}::${occurrence.iso}` : uid,
      icalUid: body.icalUid,
      recurringEventId: occurrence ? uid : undefined,
      originalStartsAt: occurrence ? new Date(occurrence.utc) : undefined,
      status: cancelled ? 'cancelled' : body.status,
      summary: body.summary,
      description: body.description,
      location: body.location,
      conferenceUrl: body.conferenceUrl,
      startsAt: new Date(startUtc),
      endsAt: new Date(endUtc),
      allDay,
      organizer: body.organizer,
      attendees: body.attendees.map((a) => ({
        email: a.email,
        name: a.name,
        optional: a.optional,
        organizer: a.organizer,
        self: a.self,
        responseStatus: a.responseStatus,
        role: a.role,
      })),
      createdAt: body.createdAt,
      updatedAt: body.updatedAt,
      etag: body.etag,
      sequence: body.sequence,
      canEdit: body.canEdit,
      appMarker: body.appMarker,
    });
  }
}

type RangeOverride = {
  override: {
    key: { utc: number };
    body: IcsEventBody | undefined;
    timing: Timing | undefined;
    resolved: Resolved;
  };
  delta: number;
};

/** The THISANDFUTURE override in force at an original start (the latest one at or before it). */
function rangeFor(list: RangeOverride[], originalUtc: number, except?: unknown): RangeOverride | undefined {
  let found: RangeOverride | undefined;
  for (const r of list) {
    if (r.override.key.utc > originalUtc) break;
    if (r.override !== except) found = r;
  }
  return found;
}

function cancelledByRange(list: RangeOverride[], originalUtc: number): boolean {
  return list.some((r) => r.override.key.utc <= originalUtc && r.override.resolved.cancelled);
}

function compareRank(a: Candidate['rank'], b: Candidate['rank']): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
  return 0;
}

function timeOfDay(localMs: number): number {
  return localMs - Math.floor(localMs / DAY_MS) * DAY_MS;
}

/** TEXT unescaping for X- properties, which ical.js leaves raw. */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function hash(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
