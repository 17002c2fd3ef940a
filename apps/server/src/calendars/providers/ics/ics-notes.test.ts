import { describe, expect, it } from 'vitest';
import { IcsNotes, mergeIcsProblems } from './ics-notes';

describe('import report notes', () => {
  it('names one event by its UID and line, and counts several in one line', () => {
    const one = new IcsNotes();
    one.add('value-date-with-time', 'doors', 12, 'dtend');
    one.add('value-date-with-time', 'doors', 11, 'dtstart');
    expect(one.problems().map(({ line, uid, message }) => ({ line, uid, message }))).toEqual([
      {
        line: 12,
        uid: 'doors',
        message: 'VALUE=DATE values holding a time of day (DTSTART, DTEND) were read as the times written',
      },
    ]);
  });

  it('merges the notes of several parses (CalDAV objects) into counted lines, before the other problems', () => {
    const parse = (uid: string, line: number) => {
      const notes = new IcsNotes();
      notes.add('date-without-value-date', uid, line, 'exdate');
      return [...notes.problems(), { line: line + 1, uid, message: 'Unreadable DTEND' }];
    };
    const merged = mergeIcsProblems([parse('a', 7), parse('b', 3), [{ message: 'Unknown time zone "X"' }]]);
    expect(merged.map((p) => [p.line, p.uid, p.message])).toEqual([
      [
        7,
        undefined,
        '2 events had dates written without VALUE=DATE (EXDATE); they were read as all-day dates (the first: a)',
      ],
      [8, 'a', 'Unreadable DTEND'],
      [4, 'b', 'Unreadable DTEND'],
      [undefined, undefined, 'Unknown time zone "X"'],
    ]);
  });
});
