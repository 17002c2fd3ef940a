import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/utils';
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
function drawWeek(at: string, meetings: string[][], onSelect: (id: string) => void = () => {}) {
  renderPage(
    <WeekCalendar
      week={weekOf(new Date(at))}
      events={toCalendarEvents(
        meetings.map(([id, summary, starts_at, ends_at]) =>
          meetingFixture({ id, summary, starts_at, ends_at }),
        ),
      )}
      blocks={[]}
      onSelect={onSelect}
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

describe('a crowded stretch of the Plan week', () => {
  it('draws three of twenty parallel sessions and a "+17 more" that lists the others, each of which opens', async () => {
    const sessions = Array.from({ length: 20 }, (_, i) => [
      `talk-${i}`,
      `Session ${i + 1}`,
      '2026-11-17T15:00:00Z',
      '2026-11-17T15:45:00Z',
    ]);
    const onSelect = vi.fn();
    drawWeek(
      '2026-11-17T12:00:00Z',
      [['lunch', 'Lunch', '2026-11-17T17:00:00Z', '2026-11-17T18:00:00Z'], ...sessions],
      onSelect,
    );
    expect(document.querySelectorAll('.rbc-time-content .rbc-event')).toHaveLength(5);
    for (const drawn of ['Lunch', 'Session 1', 'Session 2', 'Session 3'])
      expect(screen.getByText(drawn)).toBeVisible();
    expect(screen.queryByText('Session 4')).toBeNull();
    const more = screen.getByText('+17 more').closest<HTMLElement>('.rbc-event')!;
    expect(more.getAttribute('title')).toBe(
      '10:00 – 10:45 am: Session 4 · Session 5 · Session 6 · Session 7 · Session 8 · and 12 more',
    );
    // A quarter of the day column each, not a twentieth.
    for (const event of document.querySelectorAll<HTMLElement>('.rbc-time-content .rbc-event')) {
      expect(Number.parseFloat(event.style.width.replace('calc(', ''))).toBeGreaterThanOrEqual(25);
    }

    await userEvent.click(more);
    const list = await screen.findByTestId('crowded-stretch');
    expect(screen.getByRole('dialog', { name: '17 more' })).toBeVisible();
    expect(
      within(list)
        .getAllByRole('button')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(Array.from({ length: 17 }, (_, i) => `Session ${i + 4}`));
    await userEvent.click(within(list).getByRole('button', { name: 'Session 20' }));
    expect(onSelect).toHaveBeenCalledWith('talk-19');
  });
});
