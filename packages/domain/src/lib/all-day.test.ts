import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allDayDate, epochDayToIsoDate } from './time';
import { startOfLocalDay } from './tz';

/** Zones whose calendars write all-day events: UTC-10 to UTC+13, daylight saving and half hours included. */
const ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'Europe/Helsinki',
  'Asia/Tehran',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Tongatapu',
] as const;

describe('allDayDate', () => {
  it('reads the date an all-day event was written on from its midnight in any calendar zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 18_000, max: 22_000 }), // epoch days, 2019 to 2030
        (zone, day) => allDayDate(startOfLocalDay(zone, day)) === epochDayToIsoDate(day),
      ),
      { numRuns: 2_000 },
    );
  });

  it('gives a holiday read in Los Angeles and one read in Tokyo the same date', () => {
    expect(allDayDate('2026-12-02T08:00:00Z')).toBe('2026-12-02');
    expect(allDayDate('2026-12-01T15:00:00Z')).toBe('2026-12-02');
    expect(allDayDate(new Date('2026-12-01T11:00:00Z'))).toBe('2026-12-02'); // Auckland in summer (UTC+13)
  });
});
