import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingFixture } from '../meeting/testing';
import { toCalendarEvents } from './events';
import { WeekCalendar } from './WeekCalendar';
import { weekOf } from './week';

/** The tests run in UTC; this file draws a week in New York, whose clocks fall back on Sunday 2026-11-01. */
const zoneOfTheRun = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zoneOfTheRun;
});

/** The week of `at` drawn with these meetings: [id, summary, starts_at, ends_at]. */
function drawWeek(at: string, meetings: string[][]) {
  render(
    <WeekCalendar
      week={weekOf(new Date(at))}
      events={toCalendarEvents(
        meetings.map(([id, summary, starts_at, ends_at]) =>
          meetingFixture({ id, summary, starts_at, ends_at }),
        ),
      )}
      blocks={[]}
      onSelect={() => {}}
      onSelectBlock={() => {}}
    />,
  );
}

function drawnTop(summary: string): string {
  const event = screen.getByText(summary).closest<HTMLElement>('.rbc-event');
  if (!event) throw new Error(`${summary} is not drawn`);
  return event.style.top;
}

describe('the Plan week on a day the clocks change', () => {
  it('draws a meeting at nine where the nine of the other days is, the day the clocks fall back', () => {
    expect(new Date('2026-11-01T14:00:00Z').getHours()).toBe(9);
    drawWeek('2026-11-01T12:00:00Z', [
      ['sun', 'Sunday at nine', '2026-11-01T14:00:00Z', '2026-11-01T15:00:00Z'],
      ['early', 'Sunday before the change', '2026-11-01T05:00:00Z', '2026-11-01T05:30:00Z'],
      ['mon', 'Monday at nine', '2026-11-02T14:00:00Z', '2026-11-02T15:00:00Z'],
    ]);
    expect(drawnTop('Sunday at nine')).toBe(drawnTop('Monday at nine'));
    // Each day is the same wall-clock hours: as many hour groups in Sunday's column as in Monday's.
    const columns = document.querySelectorAll('.rbc-time-content .rbc-day-slot');
    const groups = [...columns].map((column) => column.querySelectorAll('.rbc-timeslot-group').length);
    expect(new Set(groups).size).toBe(1);
  });

  it('draws it there the day the clocks spring forward too', () => {
    expect(new Date('2026-03-08T13:00:00Z').getHours()).toBe(9);
    drawWeek('2026-03-08T12:00:00Z', [
      ['sun', 'Sunday at nine', '2026-03-08T13:00:00Z', '2026-03-08T14:00:00Z'],
      ['early', 'Sunday before the change', '2026-03-08T06:00:00Z', '2026-03-08T06:30:00Z'],
      ['mon', 'Monday at nine', '2026-03-09T13:00:00Z', '2026-03-09T14:00:00Z'],
    ]);
    expect(drawnTop('Sunday at nine')).toBe(drawnTop('Monday at nine'));
  });
});
