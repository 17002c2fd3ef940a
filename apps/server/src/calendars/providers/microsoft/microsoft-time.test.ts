import { describe, expect, it } from 'vitest';
import { windowsZoneNames, windowsZoneToIana } from '../../time-zones/windows-zones';
import { graphDateTimeToDate, localIsoDateTime, resolveTimeZone, wallToUtc } from './microsoft-time';

describe('microsoft-time', () => {
  it('every Windows zone maps to an IANA zone this runtime knows', () => {
    for (const [windows, iana] of windowsZoneNames.map((name) => [name, windowsZoneToIana(name)!] as const)) {
      expect(resolveTimeZone(iana), windows).toBe(iana);
    }
    expect(resolveTimeZone('tzone://Microsoft/Utc')).toBe('UTC');
    expect(resolveTimeZone('tzone://Microsoft/Custom')).toBeNull();
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBeNull();
  });

  it('wall times across DST: repeated hour takes the earlier instant, skipped hour moves forward', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(new Date(wallToUtc('America/New_York', wall('2024-11-03T01:30:00'))).toISOString()).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(new Date(wallToUtc('America/New_York', wall('2024-03-10T02:30:00'))).toISOString()).toBe(
      '2024-03-10T07:30:00.000Z',
    );
    expect(new Date(wallToUtc('Europe/Paris', wall('2024-07-01T09:00:00'))).toISOString()).toBe(
      '2024-07-01T07:00:00.000Z',
    );
  });

  it('reads Graph dateTimes with 7 fractional digits, explicit offsets and unknown zones', () => {
    expect(
      graphDateTimeToDate({ dateTime: '2024-05-10T16:00:00.1234567', timeZone: 'UTC' }, 'UTC')?.toISOString(),
    ).toBe('2024-05-10T16:00:00.123Z');
    expect(
      graphDateTimeToDate({ dateTime: '2024-05-10T16:00:00+02:00', timeZone: 'UTC' }, 'UTC')?.toISOString(),
    ).toBe('2024-05-10T14:00:00.000Z');
    // An unknown zone falls back to the user's.
    expect(
      graphDateTimeToDate(
        { dateTime: '2024-05-10T09:00:00', timeZone: 'Custom' },
        'Asia/Tokyo',
      )?.toISOString(),
    ).toBe('2024-05-10T00:00:00.000Z');
    expect(graphDateTimeToDate({ dateTime: 'soon', timeZone: 'UTC' }, 'UTC')).toBeNull();
  });

  it('writes wall times for Graph', () => {
    expect(localIsoDateTime('Asia/Kolkata', new Date('2024-05-10T12:00:00Z'))).toBe('2024-05-10T17:30:00');
  });
});
