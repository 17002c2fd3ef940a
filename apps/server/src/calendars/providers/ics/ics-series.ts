import { type Candidate, type Resolved, resolveDuplicates } from './ics-candidates';
import { occurrenceStarts, recurrenceRules, type Series, snapOrphanOverrides } from './ics-occurrences';
import { eventBody, type IcsRead } from './ics-read';
import { DAY_MS, type IcsDuration, type IcsTime } from './ics-time';
import {
  inWindow,
  isFloating,
  isoWallClock,
  type OccurrenceKey,
  occurrenceKey,
  occurrenceTimes,
  readTiming,
  seriesKey,
  type Timing,
  timingAt,
  toSeriesLocal,
} from './ics-timing';
import type { IcsEventBody } from './map-ics-event';
import { addProblem, type IcsComponent, prop, props, text } from './read-ics-components';

/** The series' own VEVENT (no RECURRENCE-ID), resolved among duplicates, when it has a readable start. */
type Master = {
  component: IcsComponent;
  timing: Timing;
  body: IcsEventBody;
  cancelled: boolean;
  /** Set once the overrides are read. */
  recurring: boolean;
};

type Override = {
  key: OccurrenceKey;
  rid: IcsTime;
  /** The original start in the series' zone: the RECURRENCE-ID's, or the occurrence it was snapped to. */
  originalLocal: number;
  resolved: Resolved;
  thisAndFuture: boolean;
  body: IcsEventBody | undefined;
  timing: Timing | undefined;
};

/** A series without a readable master: perhaps its cancellation. */
type NoMaster = {
  cancelled: boolean;
  component?: undefined;
  timing?: undefined;
  body?: undefined;
  recurring?: undefined;
};

/** Overrides, keyed by their original start (the iso of their key). */
type OverrideGroups = Map<string, { key: OccurrenceKey; candidates: Candidate[] }>;

type RangeOverride = {
  override: {
    key: { utc: number };
    body: IcsEventBody | undefined;
    timing: Timing | undefined;
    resolved: Resolved;
  };
  delta: number;
};

/** Every VEVENT of one UID as the events of the window: the master's occurrences and its overrides. */
export function readSeries(read: IcsRead, uid: string, candidates: Candidate[]) {
  const masters = candidates.filter((c) => !c.rid);
  const master: Master | NoMaster = masters.length ? readMaster(read, uid, masters) : { cancelled: false };
  const masterTiming = master.timing;

  const groups: OverrideGroups = new Map();
  for (const c of candidates.filter((c) => c.rid)) {
    const key = occurrenceKey(read, masterTiming, c.rid!, uid);
    const group = groups.get(key.iso);
    if (group) group.candidates.push(c);
    else groups.set(key.iso, { key, candidates: [c] });
  }
  const overrides = readOverrides(read, uid, masterTiming, groups);
  // After the overrides are read, as the notes of an empty RRULE come after theirs.
  if (master.timing) master.recurring = isRecurring(read, master.component, uid);
  if (master.timing && master.recurring) {
    snapOrphanOverrides(read, { uid, ...master }, overrides, groups);
  }

  // RANGE=THISANDFUTURE: the override's changes apply to every later occurrence.
  const rangeOverrides = overrides
    .filter((o) => o.thisAndFuture && masterTiming)
    .map((o) => {
      const delta = o.timing ? toSeriesLocal(read, masterTiming!, o.timing.start, uid) - o.originalLocal : 0;
      return { override: o, delta };
    })
    .sort((a, b) => a.override.key.utc - b.override.key.utc);

  if (master.timing) {
    if (master.recurring) {
      expandSeries(read, { uid, ...master }, master.cancelled, groups, rangeOverrides);
    } else if (
      !groups.size ||
      !groups.has(occurrenceKey(read, master.timing, master.timing.start, uid).iso)
    ) {
      const { startUtc, endUtc } = occurrenceTimes(master.timing, master.timing.start.local);
      if (inWindow(read, startUtc, endUtc)) {
        emitEvent(
          read,
          uid,
          master.body,
          startUtc,
          endUtc,
          master.timing,
          master.timing.start.local,
          master.cancelled,
          undefined,
        );
      }
    }
  }
  if (overrides.length) emitOverrides(read, uid, master, overrides, rangeOverrides);
}

/**
 * The master among its duplicates (a CANCEL of the series when it is all there is), with its timing and body;
 * without a readable start the series has no master, only perhaps its cancellation.
 */
function readMaster(read: IcsRead, uid: string, masters: Candidate[]): Master | NoMaster {
  const resolved = resolveDuplicates(masters);
  reportUnrelatedTwins(read, uid, masters, resolved.winner);
  const component = resolved.component ?? resolved.cancelComponent;
  const timing = component ? readTiming(read, component, uid) : undefined;
  if (!component || !timing) return { cancelled: resolved.cancelled };
  const body = eventBody(read, component, uid);
  const cancelled = resolved.cancelled || body.status === 'cancelled';
  return { component, timing, body, cancelled, recurring: false };
}

/** A master with a rule or dates that say something recurs. */
function isRecurring(read: IcsRead, component: IcsComponent, uid: string): boolean {
  return recurrenceRules(read, component, 'rrule', uid).length > 0 || props(component, 'rdate').length > 0;
}

/** Each group of overrides resolved among its duplicates, with its timing and body; unusable ones dropped. */
function readOverrides(
  read: IcsRead,
  uid: string,
  masterTiming: Timing | undefined,
  groups: OverrideGroups,
): Override[] {
  const overrides: Override[] = [];
  for (const { key, candidates: list } of groups.values()) {
    const resolved = resolveDuplicates(list);
    const component = resolved.component ?? (masterTiming ? undefined : resolved.cancelComponent);
    const written = !!component && !!prop(component, 'dtstart');
    const timing = written ? readTiming(read, component!, uid) : undefined;
    const body = component ? eventBody(read, component, uid) : undefined;
    if (written && !timing && !resolved.cancelled && body?.status !== 'cancelled') {
      // RFC 5545 §3.8.4.4: RECURRENCE-ID only names the occurrence replaced; with no start to put in its
      // place, the override replaces nothing (a cancellation still cancels it).
      addProblem(read.problems, {
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
    overrides.push({
      key,
      rid: resolved.winner.rid!,
      originalLocal: masterTiming ? toSeriesLocal(read, masterTiming, resolved.winner.rid!, uid) : 0,
      resolved,
      thisAndFuture: resolved.winner.thisAndFuture,
      body,
      timing,
    });
  }
  return overrides;
}

/** Each override as the event of its occurrence (in the window), cancelled with its series or a range. */
function emitOverrides(
  read: IcsRead,
  uid: string,
  master: Master | NoMaster,
  overrides: Override[],
  rangeOverrides: RangeOverride[],
) {
  const masterTiming = master.timing;
  const masterBody = master.body;
  const singleKey =
    master.timing && !master.recurring
      ? occurrenceKey(read, master.timing, master.timing.start, uid).iso
      : undefined;
  for (const o of overrides) {
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
      timing = timingAt(read, o.rid, uid);
      startLocal = o.rid.local;
    }
    if (!body) continue;
    const { startUtc, endUtc } = occurrenceTimes(timing, startLocal, duration ?? timing.duration);
    if (!inWindow(read, startUtc, endUtc)) continue;
    const cancelled = master.cancelled || o.resolved.cancelled || cancelledByRange(rangeOverrides, o.key.utc);
    const occurrence = o.key.iso === singleKey ? undefined : o.key;
    emitEvent(read, uid, body, startUtc, endUtc, timing, startLocal, cancelled, occurrence);
  }
}

/** The occurrences of a recurring master in the window, but those overridden; a range override applies on. */
function expandSeries(
  read: IcsRead,
  series: Series,
  seriesCancelled: boolean,
  overrides: ReadonlyMap<string, unknown>,
  rangeOverrides: RangeOverride[],
) {
  const { uid, timing, body } = series;
  const durationMs = timing.duration.nominalMs + timing.duration.exactMs;
  const shift = rangeOverrides.reduce((max, r) => Math.max(max, Math.abs(r.delta)), 0);
  const fromLocal = read.from - DAY_MS - durationMs - shift;
  const toLocal = read.to + DAY_MS + shift;
  const starts = occurrenceStarts(read, series, fromLocal, toLocal, true);
  for (const [local, ownDuration] of starts) {
    const key = seriesKey(timing, local);
    if (overrides.has(key.iso)) continue;
    const tf = rangeFor(rangeOverrides, key.utc);
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
    const { startUtc, endUtc } = occurrenceTimes(occurrenceTiming, startLocal, duration);
    if (!inWindow(read, startUtc, endUtc)) continue;
    emitEvent(read, uid, occurrenceBody, startUtc, endUtc, occurrenceTiming, startLocal, cancelled, key);
  }
}

function emitEvent(
  read: IcsRead,
  uid: string,
  body: IcsEventBody,
  startUtc: number,
  endUtc: number,
  timing: Timing,
  startLocal: number,
  cancelled: boolean,
  occurrence: OccurrenceKey | undefined,
) {
  const floatingStart = isFloating(timing) ? isoWallClock(startLocal) : undefined;
  // Written out rather than spread: this runs once per occurrence and is the hot path of a large import.
  read.events.push({
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
    allDay: timing.allDay,
    floatingStart,
    floatingOriginalStart: occurrence ? (occurrence.floating ? occurrence.iso : undefined) : floatingStart,
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

/**
 * Two series under one UID that no SEQUENCE, LAST-MODIFIED or DTSTAMP tells apart, with different titles: not
 * two versions of one event but two events (Apple iCal 1.0 gave a copied event its original's UID). The later
 * in the file is read, as for any duplicate; the report says which was left out.
 */
function reportUnrelatedTwins(read: IcsRead, uid: string, masters: Candidate[], winner: Candidate) {
  const title = (c: Candidate) => text(c.component, 'summary').trim();
  for (const c of masters) {
    if (c === winner || c.cancel || title(c) === title(winner)) continue;
    if (c.rank.slice(0, 3).some((value, i) => value !== winner.rank[i])) continue;
    addProblem(read.problems, {
      line: c.component.line,
      uid,
      message: `Two different events share this UID; "${title(winner) || 'Untitled'}", the later in the file, was read and "${title(c) || 'Untitled'}" was left out`,
    });
  }
}
