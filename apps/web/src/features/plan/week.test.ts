import { describe, expect, it } from 'vitest';
import { parseWeekParam, visibleHours, weekOf, weekRangeText } from './week';

const week = weekOf(new Date(2030, 0, 8));
const at = (day: number, hours: number, minutes = 0) => new Date(2030, 0, day, hours, minutes);

describe('plan weeks (Sunday start, browser zone)', () => {
  it('starts on Sunday and keys the week by that date', () => {
    expect(week.key).toBe('2030-01-06');
    expect(week.end).toEqual(new Date(2030, 0, 13));
    expect(weekOf(new Date(2030, 0, 6)).key).toBe('2030-01-06');
    expect(weekOf(new Date(2030, 0, 12, 23, 59)).key).toBe('2030-01-06');
    expect(weekRangeText(week)).toBe('January 6th - January 12th 2030');
    expect(weekRangeText(weekOf(new Date(2029, 11, 31)))).toBe('December 30th 2029 - January 5th 2030');
  });

  it('reads ?w and rejects dates that do not exist', () => {
    expect(parseWeekParam(null)).toBeNull();
    expect(parseWeekParam('2030-01-08')).toEqual(new Date(2030, 0, 8));
    expect(parseWeekParam('2030-02-30')).toBe('invalid');
    expect(parseWeekParam('next week')).toBe('invalid');
  });

  it('shows 7:00 to 17:00, widened to the earliest start and latest end of timed events', () => {
    const hours = (events: { start: Date; end: Date; allDay?: boolean }[]) => {
      const { min, max } = visibleHours(events, week);
      return [min.getHours(), max.getHours(), max.getMinutes()];
    };
    expect(hours([])).toEqual([7, 17, 0]);
    expect(hours([{ start: at(8, 9), end: at(8, 10) }])).toEqual([7, 17, 0]);
    expect(hours([{ start: at(8, 6, 30), end: at(8, 7, 30) }])).toEqual([6, 17, 0]);
    expect(hours([{ start: at(9, 16), end: at(9, 18, 15) }])).toEqual([7, 19, 0]);
    expect(hours([{ start: at(9, 22), end: at(10, 0) }])).toEqual([7, 23, 59]);
    expect(hours([{ start: at(9, 0), end: at(10, 0), allDay: true }])).toEqual([7, 17, 0]);
  });
});
