import { type IcsRead, noteDateValue } from './ics-read';
import { type IcsTime, readTime } from './ics-time';
import { addProblem, type IcsComponent, param, prop, text } from './read-ics-components';

/** One VEVENT of a UID, with what decides between duplicates of it. */
export type Candidate = {
  component: IcsComponent;
  uid: string;
  rid: IcsTime | undefined;
  thisAndFuture: boolean;
  cancel: boolean;
  rank: [number, number, number, number];
};

/** One event after duplicates are resolved: the component to read, and whether a CANCEL (or a newer one) won. */
export type Resolved = {
  component: IcsComponent | undefined;
  cancelComponent: IcsComponent | undefined;
  cancelled: boolean;
};

/** A VEVENT as a candidate for its UID (and RECURRENCE-ID); undefined when its RECURRENCE-ID cannot be read. */
export function readCandidate(
  read: IcsRead,
  component: IcsComponent,
  cancel: boolean,
  order: number,
): Candidate | undefined {
  let uid = text(component, 'uid').trim();
  if (!uid) {
    uid = `no-uid-${hash(`${String(prop(component, 'dtstart')?.values[0])}|${text(component, 'summary')}`)}`;
    addProblem(read.problems, {
      line: component.line,
      uid,
      message: 'VEVENT without UID; an id was derived from its start and summary',
    });
  }
  const ridProp = prop(component, 'recurrence-id');
  const rid = readTime(ridProp);
  if (ridProp && !rid) {
    addProblem(read.problems, {
      line: ridProp.line,
      uid,
      message: 'Unreadable RECURRENCE-ID; event skipped',
    });
    return undefined;
  }
  if (ridProp) noteDateValue(read.notes, ridProp, ridProp.values[0], uid);
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
export function resolveDuplicates(candidates: Candidate[]): Resolved & { winner: Candidate } {
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

function compareRank(a: Candidate['rank'], b: Candidate['rank']): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
  return 0;
}

function hash(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
