import type { IcsProblem } from './read-ics-components';

/**
 * What the parser read leniently (issue 26): each is how calendar apps show such a file, and each is named in
 * the import report once per kind, counted, so a 5,000-event holiday file written without VALUE=DATE gives
 * one line, not 5,000.
 */
export type IcsNoteKind =
  | 'date-without-value-date'
  | 'value-date-with-time'
  | 'all-day-ends-on-start'
  | 'empty-rrule'
  | 'loose-date-time'
  | 'quote-after-value'
  | 'unquoted-tzid'
  | 'all-day-as-midnights'
  | 'text-on-following-lines';

/** The counted form of a note, kept on its problem so notes of several parses (CalDAV objects) can be merged. */
export type IcsNote = {
  kind: IcsNoteKind;
  /** Events (UIDs) concerned. */
  count: number;
  /** The properties concerned, for the kinds about property values. */
  properties: string[];
  first: { uid: string; line: number | undefined };
};

export type IcsNoteProblem = IcsProblem & { note: IcsNote };

/** The order properties are named in. */
const PROPERTY_ORDER = ['DTSTART', 'DTEND', 'RECURRENCE-ID', 'RDATE', 'EXDATE', 'UNTIL'];

function noteMessage(note: IcsNote): string {
  const properties = note.properties.length ? ` (${note.properties.join(', ')})` : '';
  const many = note.count > 1;
  const count = note.count.toLocaleString('en-US');
  const first = ` (the first: ${note.first.uid})`;
  switch (note.kind) {
    case 'date-without-value-date':
      return many
        ? `${count} events had dates written without VALUE=DATE${properties}; they were read as all-day dates${first}`
        : `Dates written without VALUE=DATE${properties} were read as all-day dates`;
    case 'value-date-with-time':
      return many
        ? `${count} events had VALUE=DATE values holding a time of day${properties}; they were read as the times written${first}`
        : `VALUE=DATE values holding a time of day${properties} were read as the times written`;
    case 'all-day-ends-on-start':
      return many
        ? `${count} all-day events ended on the day they start; they were read as lasting that day${first}`
        : 'The all-day event ends on the day it starts; it was read as lasting that day';
    case 'loose-date-time':
      return many
        ? `${count} events had date-times written loosely (without seconds, with fractions of a second, in lowercase, between spaces or with dashes and colons)${properties}; they were read as the times written${first}`
        : `Date-times written loosely (without seconds, with fractions of a second, in lowercase, between spaces or with dashes and colons)${properties} were read as the times written`;
    case 'all-day-as-midnights':
      return many
        ? `${count} all-day events were written as times from midnight to midnight (X-MICROSOFT-CDO-ALLDAYEVENT); they were read as all-day${first}`
        : 'The all-day event was written as times from midnight to midnight (X-MICROSOFT-CDO-ALLDAYEVENT); it was read as all-day';
    case 'unquoted-tzid':
      return many
        ? `${count} events had a TZID holding a colon without quotes${properties}; it was read up to the value's colon${first}`
        : `A TZID holding a colon without quotes${properties} was read up to the value's colon`;
    case 'quote-after-value':
      return many
        ? `${count} events had a TZID whose closing quote came after the value${properties}; they were read as if it came before${first}`
        : `A TZID whose closing quote came after the value${properties} was read as if it came before`;
    case 'text-on-following-lines': {
      const text = note.properties.join(' or ');
      return many
        ? `${count} events had lines of text after their ${text}, neither folded nor escaped; they were read as part of it${first}`
        : `Lines of text after the ${text}, neither folded nor escaped, were read as part of it`;
    }
    case 'empty-rrule':
      return many
        ? `${count} events had an empty RRULE; they were read as single events${first}`
        : 'An empty RRULE was ignored; the event was read as a single event';
  }
}

function toProblem(note: IcsNote): IcsNoteProblem {
  const message = noteMessage(note);
  return note.count > 1
    ? { line: note.first.line, message, note }
    : { line: note.first.line, uid: note.first.uid, message, note };
}

/** Collects the notes of one parse: which events used which leniency. */
export class IcsNotes {
  private readonly byKind = new Map<
    IcsNoteKind,
    { uids: Set<string>; properties: Set<string>; first: IcsNote['first'] }
  >();

  add(kind: IcsNoteKind, uid: string, line: number | undefined, property?: string) {
    let entry = this.byKind.get(kind);
    if (!entry) {
      entry = { uids: new Set(), properties: new Set(), first: { uid, line } };
      this.byKind.set(kind, entry);
    }
    entry.uids.add(uid);
    if (property) entry.properties.add(property.toUpperCase());
  }

  problems(): IcsNoteProblem[] {
    return [...this.byKind].map(([kind, entry]) =>
      toProblem({
        kind,
        count: entry.uids.size,
        properties: sortProperties(entry.properties),
        first: entry.first,
      }),
    );
  }
}

function sortProperties(properties: Iterable<string>): string[] {
  const rank = (p: string) => {
    const i = PROPERTY_ORDER.indexOf(p);
    return i === -1 ? PROPERTY_ORDER.length : i;
  };
  return [...properties].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The problems of several parses (one per CalDAV object) as one report: the notes of the same kind become one
 * counted line, first in the list; every other problem is kept as it is, in order.
 */
export function mergeIcsProblems(lists: readonly (readonly IcsProblem[])[]): IcsProblem[] {
  const notes = new Map<IcsNoteKind, IcsNote>();
  const rest: IcsProblem[] = [];
  for (const list of lists) {
    for (const problem of list) {
      const note = (problem as Partial<IcsNoteProblem>).note;
      if (!note) {
        rest.push(problem);
        continue;
      }
      const merged = notes.get(note.kind);
      if (!merged) notes.set(note.kind, { ...note, properties: [...note.properties] });
      else {
        merged.count += note.count;
        merged.properties = sortProperties(new Set([...merged.properties, ...note.properties]));
      }
    }
  }
  return [...[...notes.values()].map(toProblem), ...rest];
}
