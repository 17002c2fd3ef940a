import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localEpochDay, localMinuteOfDay, tzOffsetMs, utcToWall, wallToUtc } from './tz';

const H = 3_600_000;
const wall = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

describe('time zones', () => {
  it.each([
    ['America/New_York', Date.UTC(2025, 0, 15, 12), -5 * H],
    ['America/New_York', Date.UTC(2025, 6, 15, 12), -4 * H],
    ['Europe/Paris', Date.UTC(2025, 0, 15, 12), 1 * H],
    ['Europe/Paris', Date.UTC(2025, 6, 15, 12), 2 * H],
    ['Asia/Kolkata', Date.UTC(2025, 6, 15, 12), 5.5 * H],
    ['Australia/Lord_Howe', Date.UTC(2025, 0, 15, 12), 11 * H],
    ['Australia/Lord_Howe', Date.UTC(2025, 6, 15, 12), 10.5 * H],
    ['UTC', Date.UTC(2025, 6, 15, 12), 0],
    ['Not/AZone', Date.UTC(2025, 6, 15, 12), 0],
  ])('%s offset at %i', (zone, ms, offset) => expect(tzOffsetMs(zone, ms)).toBe(offset));

  it('finds the instant of a change to the minute (New York, March 9th and November 2nd 2025)', () => {
    expect(tzOffsetMs('America/New_York', Date.UTC(2025, 2, 9, 6, 59))).toBe(-5 * H);
    expect(tzOffsetMs('America/New_York', Date.UTC(2025, 2, 9, 7, 0))).toBe(-4 * H);
    expect(tzOffsetMs('America/New_York', Date.UTC(2025, 10, 2, 5, 59))).toBe(-4 * H);
    expect(tzOffsetMs('America/New_York', Date.UTC(2025, 10, 2, 6, 0))).toBe(-5 * H);
  });

  it('wall to UTC and back, with spring-forward gaps moved forward and fall-back repeats taken early', () => {
    const ny = 'America/New_York';
    expect(wallToUtc(ny, wall(2025, 3, 10, 9))).toBe(Date.UTC(2025, 2, 10, 13));
    expect(wallToUtc(ny, wall(2025, 3, 7, 9))).toBe(Date.UTC(2025, 2, 7, 14));
    // 02:30 does not exist on March 9th: 03:30 EDT.
    expect(wallToUtc(ny, wall(2025, 3, 9, 2, 30))).toBe(Date.UTC(2025, 2, 9, 7, 30));
    // 01:30 happens twice on November 2nd: the first (EDT).
    expect(wallToUtc(ny, wall(2025, 11, 2, 1, 30))).toBe(Date.UTC(2025, 10, 2, 5, 30));
    const paris = 'Europe/Paris';
    expect(wallToUtc(paris, wall(2025, 3, 30, 2, 30))).toBe(Date.UTC(2025, 2, 30, 1, 30));
    expect(wallToUtc(paris, wall(2025, 10, 26, 2, 30))).toBe(Date.UTC(2025, 9, 26, 0, 30));
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 7 * H + 13 * 60_000) {
      expect(
        wallToUtc(paris, utcToWall(paris, ms)) === ms || utcToWall(paris, ms - H) === utcToWall(paris, ms),
      ).toBe(true);
    }
  });

  it('local day and minute', () => {
    const ms = Date.UTC(2025, 2, 10, 3, 30); // 23:30 on the 9th in New York
    expect(localEpochDay('America/New_York', ms)).toBe(Math.floor(Date.UTC(2025, 2, 9) / 86_400_000));
    expect(localMinuteOfDay('America/New_York', ms)).toBe(23 * 60 + 30);
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
  });
});
