import { describe, expect, it } from 'vitest';
import { meetingTimeText } from '../meeting/MeetingDetail';
import { meetingFixture } from '../meeting/testing';
import { toCalendarEvents } from './events';

/** The tests run in UTC: a calendar in Los Angeles or Tokyo wrote these all-day events in another zone. */
describe('all-day events, whatever zone their calendar wrote them in', () => {
  const losAngeles = meetingFixture({
    id: 'la',
    all_day: true,
    starts_at: '2026-12-02T08:00:00.000Z',
    ends_at: '2026-12-03T08:00:00.000Z',
  });
  const tokyo = meetingFixture({
    id: 'tokyo',
    all_day: true,
    starts_at: '2026-12-01T15:00:00.000Z',
    ends_at: '2026-12-04T15:00:00.000Z',
  });

  it('are drawn on the dates they name, from midnight to midnight here', () => {
    const [la, tyo] = toCalendarEvents([losAngeles, tokyo]).sort((a, b) => a.id.localeCompare(b.id));
    expect([la!.start.toISOString(), la!.end.toISOString()]).toEqual([
      '2026-12-02T00:00:00.000Z',
      '2026-12-03T00:00:00.000Z',
    ]);
    expect([tyo!.start.toISOString(), tyo!.end.toISOString()]).toEqual([
      '2026-12-02T00:00:00.000Z',
      '2026-12-05T00:00:00.000Z',
    ]);
  });

  it('say their dates, the last one too when they last several days', () => {
    expect(meetingTimeText(losAngeles)).toBe('Wednesday, December 2nd 2026 · All day');
    expect(meetingTimeText(tokyo)).toBe('Wednesday, December 2nd 2026 – Friday, December 4th 2026 · All day');
  });
});
