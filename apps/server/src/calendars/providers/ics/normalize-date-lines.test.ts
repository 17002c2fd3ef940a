import { describe, expect, it } from 'vitest';
import { normalizeDateLines } from './normalize-date-lines';

/** The date lines of an object written back to CalDAV, in RFC 5545's form, as the lenient reader reads them. */
describe('normalizeDateLines', () => {
  const lines = (...l: string[]) => normalizeDateLines(l.join('\r\n')).split('\r\n');

  it('writes each date value as the reader reads it', () => {
    expect(
      lines(
        'DTSTART:20231224',
        'RDATE:20241210Z',
        'EXDATE;VALUE=DATE:20240304T120000',
        'DTEND;TZID=Europe/Berlin:20240304T1330',
        'RECURRENCE-ID:20240305T090000z',
        'DTSTART;TZID="W. Europe Standard Time:20200609T0900"',
        'DTEND:20240305t100000.000z ',
        'EXDATE: 20240306T090000Z, 20240307T090000Z',
        'DTSTART:2024-03-04',
        'DTSTART;TZID=Europe/Berlin:2024-03-04T13:30',
        'DTEND:2024-03-04T14:30:00+01:00',
      ),
    ).toEqual([
      'DTSTART;VALUE=DATE:20231224',
      'RDATE;VALUE=DATE:20241210',
      'EXDATE:20240304T120000',
      'DTEND;TZID=Europe/Berlin:20240304T133000',
      'RECURRENCE-ID:20240305T090000Z',
      'DTSTART;TZID="W. Europe Standard Time":20200609T090000',
      'DTEND:20240305T100000Z',
      'EXDATE:20240306T090000Z,20240307T090000Z',
      'DTSTART;VALUE=DATE:20240304',
      'DTSTART;TZID=Europe/Berlin:20240304T133000',
      'DTEND:20240304T133000Z',
    ]);
  });

  it('leaves alone what is not a date line, a period, a quoted parameter and a value it cannot read', () => {
    const kept = [
      'SUMMARY:20231224',
      'RDATE;VALUE=PERIOD:20240304T120000Z/PT1H',
      'DTSTART;TZID="(GMT +01:00)":20240715T140000',
      'DTSTART:next Monday',
    ];
    expect(lines(...kept)).toEqual(kept);
  });
});
