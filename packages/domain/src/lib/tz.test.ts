import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidTimeZone,
  keepsSameClock,
  localEpochDay,
  localMinuteOfDay,
  signInMovesZone,
  tzOffsetMs,
  utcToWall,
  wallToUtc,
} from './tz';

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

describe('keepsSameClock', () => {
  const NOW = Date.UTC(2026, 10, 28);
  const zones = [
    'UTC',
    'Europe/London',
    'Europe/Paris',
    'Europe/Berlin',
    'America/New_York',
    'America/Toronto',
    'America/Phoenix',
    'America/Denver',
    'Asia/Kolkata',
    'Asia/Calcutta',
    'Asia/Tokyo',
    'Australia/Sydney',
    'Australia/Brisbane',
    'Pacific/Auckland',
  ];

  it('holds for two names of one zone and for neighbours with the same rules', () => {
    expect(keepsSameClock('Asia/Calcutta', 'Asia/Kolkata', NOW)).toBe(true);
    expect(keepsSameClock('Europe/Paris', 'Europe/Berlin', NOW)).toBe(true);
    expect(keepsSameClock('America/New_York', 'America/Toronto', NOW)).toBe(true);
  });

  it('fails for zones apart now, and for zones that agree now but not in summer', () => {
    expect(keepsSameClock('Asia/Tokyo', 'America/Los_Angeles', NOW)).toBe(false);
    // Phoenix keeps standard time: the same clock as Denver in winter, not in summer.
    expect(tzOffsetMs('America/Phoenix', NOW)).toBe(tzOffsetMs('America/Denver', NOW));
    expect(keepsSameClock('America/Phoenix', 'America/Denver', NOW)).toBe(false);
    // Brisbane and Sydney agree in the southern winter only.
    expect(keepsSameClock('Australia/Brisbane', 'Australia/Sydney', Date.UTC(2026, 5, 1))).toBe(false);
  });

  it('is symmetric, holds for a zone and itself, and fails whenever the clocks differ at the start', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 4e12 }),
        (a, b, ms) => {
          expect(keepsSameClock(a, a, ms)).toBe(true);
          expect(keepsSameClock(a, b, ms)).toBe(keepsSameClock(b, a, ms));
          if (tzOffsetMs(a, ms) !== tzOffsetMs(b, ms)) expect(keepsSameClock(a, b, ms)).toBe(false);
        },
      ),
    );
  });
});

describe('signInMovesZone', () => {
  const NOW = Date.UTC(2026, 10, 29);

  it('moves a person to a browser in another real zone', () => {
    expect(signInMovesZone('America/Los_Angeles', 'Asia/Tokyo', NOW)).toBe(true);
    expect(signInMovesZone('UTC', 'Europe/Paris', NOW)).toBe(true);
    // A place on UTC's clock is a place.
    expect(signInMovesZone('Europe/Paris', 'Atlantic/Reykjavik', NOW)).toBe(true);
    expect(signInMovesZone('Europe/Paris', 'Africa/Abidjan', NOW)).toBe(true);
  });

  it('keeps them for a browser that says only UTC, another name of their clock, or no real zone', () => {
    for (const hidden of [
      'UTC',
      'Etc/UTC',
      'Etc/GMT',
      'GMT',
      'Etc/Universal',
      'Zulu',
      'Etc/GMT+0',
      'Etc/UCT',
    ]) {
      expect(signInMovesZone('Europe/Paris', hidden, NOW), hidden).toBe(false);
    }
    expect(signInMovesZone('Asia/Kolkata', 'Asia/Calcutta', NOW)).toBe(false);
    expect(signInMovesZone('Europe/Paris', 'Europe/Paris', NOW)).toBe(false);
    expect(signInMovesZone('Europe/Paris', 'Mars/Olympus', NOW)).toBe(false);
    expect(signInMovesZone('Europe/Paris', undefined, NOW)).toBe(false);
  });

  it('never moves a person to a zone that keeps their clock, whatever the pair (property)', () => {
    const zones = [
      'Europe/Paris',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Asia/Calcutta',
      'America/New_York',
      'America/Toronto',
      'Asia/Tokyo',
      'UTC',
      'Africa/Abidjan',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.constantFrom(...zones), (own, browser) => {
        if (keepsSameClock(own, browser, NOW)) expect(signInMovesZone(own, browser, NOW)).toBe(false);
      }),
    );
  });
});
