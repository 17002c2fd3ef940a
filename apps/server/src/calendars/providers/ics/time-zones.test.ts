import { describe, expect, it } from 'vitest';
import { windowsDisplayPlaces, windowsZoneNames, windowsZoneToIana } from '../../time-zones/windows-zones';
import { ianaZone, resolveTzid } from './time-zones';

const local = (iso: string) => Date.parse(`${iso}Z`);
const none = () => undefined;

describe('time zones', () => {
  it('maps every Windows zone name to a zone this runtime knows', () => {
    expect(windowsZoneNames.length).toBeGreaterThanOrEqual(140);
    for (const name of windowsZoneNames) expect(ianaZone(windowsZoneToIana(name)!), name).toBeDefined();
    expect(windowsZoneToIana('w. europe standard time')).toBe('Europe/Berlin');
  });

  it.each([
    ['Europe/Berlin', '2024-03-31T02:30:00', '2024-03-31T01:30:00.000Z'], // gap: moved forward
    ['Europe/Berlin', '2024-10-27T02:30:00', '2024-10-27T00:30:00.000Z'], // repeated: the first
    ['America/New_York', '2024-03-10T02:15:00', '2024-03-10T07:15:00.000Z'],
    ['America/New_York', '2024-11-03T01:30:00', '2024-11-03T05:30:00.000Z'],
    ['Australia/Lord_Howe', '2024-10-06T02:15:00', '2024-10-05T15:45:00.000Z'], // a 30-minute gap
    ['Asia/Kolkata', '2024-07-10T09:00:00', '2024-07-10T03:30:00.000Z'],
  ])('%s %s → %s', (zone, wall, utc) => {
    expect(new Date(ianaZone(zone)!.toUtc(local(wall))).toISOString()).toBe(utc);
  });

  it('maps every Outlook display name to a Windows zone, hence to IANA', () => {
    for (const [place, windows] of windowsDisplayPlaces) {
      expect(windowsZoneToIana(windows), `${place} → ${windows}`).toBeDefined();
      expect(windowsZoneToIana(`(UTC+01:00) ${place}`), place).toBe(windowsZoneToIana(windows));
    }
  });

  it.each([
    ['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
    ['(GMT+10:00) Canberra, Melbourne, Sydney', 'Australia/Sydney'],
    ['(UTC) Co-ordinated Universal Time', 'Etc/UTC'],
    ['(UTC+00:00) Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
    ['(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
    ['(UTC+01:00) Brussels, Copenhagen, Madrid, Paris', 'Europe/Paris'],
    ['(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Calcutta'],
    ['(GMT-08:00) Pacific Time (US & Canada); Tijuana', 'America/Los_Angeles'],
    // Outlook 2003: dots in the offset, places parted by slashes.
    ['(GMT-05.00) Eastern Time (US & Canada)', 'America/New_York'],
    ['(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna', 'Europe/Berlin'],
    ['(GMT+01.00) Brussels / Copenhagen / Madrid / Paris', 'Europe/Paris'],
    // Exchange 2003.
    ['tzone://Microsoft/Eastern', 'America/New_York'],
    ['tzone://Microsoft/Pacific', 'America/Los_Angeles'],
    ['tzone://Microsoft/GMT', 'Europe/London'],
  ])('reads the display name %s as %s', (name, zone) => {
    const resolved = resolveTzid(name, none);
    expect(resolved).toBeDefined();
    expect(new Date(resolved!.toUtc(local('2024-07-01T12:00:00'))).toISOString()).toBe(
      new Date(ianaZone(zone)!.toUtc(local('2024-07-01T12:00:00'))).toISOString(),
    );
  });

  it('never guesses a zone from an offset alone', () => {
    expect(windowsZoneToIana('(UTC-05:00) Somewhere Unlisted')).toBeUndefined();
    expect(resolveTzid('(UTC-05:00) Somewhere Unlisted', none)).toBeUndefined();
  });

  it('resolves TZIDs as found in the wild', () => {
    expect(resolveTzid('"Pacific Standard Time"', none)?.id).toBe('America/Los_Angeles');
    expect(resolveTzid('/freeassociation.sourceforge.net/Tzfile/Europe/London', none)?.id).toBe(
      'Europe/London',
    );
    expect(resolveTzid('UTC', none)?.id).toBe('UTC');
    expect(resolveTzid('Nowhere/Special', none)).toBeUndefined();
  });

  it('reads an IANA name written after an Outlook-style offset as that zone, with its summer time', () => {
    const newYork = resolveTzid('"(UTC-05:00) America/New_York"', none);
    expect(newYork?.id).toBe('America/New_York');
    expect(newYork?.toUtc(Date.UTC(2015, 6, 6, 12))).toBe(Date.UTC(2015, 6, 6, 16));
    expect(resolveTzid('(GMT+01:00) Europe/Berlin', none)?.id).toBe('Europe/Berlin');
    // The offset alone still gives a fixed zone, and an unknown place after it nothing.
    expect(resolveTzid('(UTC-05:00)', none)?.id).toBe('UTC-05:00');
    expect(resolveTzid('(UTC-05:00) Nowhere/Special', none)).toBeUndefined();
  });
});
