import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  caldavAccountAttributes,
  calendarEndpoints,
  icsImportAttributes,
  isBase64,
  reconnectAttributes,
} from './calendars';

const sources = {
  url: 'https://example.com/team.ics',
  content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  content_base64: btoa('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'),
  password: 'secret',
};

describe('adding and reconnecting a calendar take exactly one source', () => {
  it('an ICS import parses when it names one of url, content or content_base64, and only then', () => {
    const keys = ['url', 'content', 'content_base64'] as const;
    fc.assert(
      fc.property(fc.subarray([...keys]), (picked) => {
        const attributes = Object.fromEntries(picked.map((key) => [key, sources[key]]));
        expect(icsImportAttributes.safeParse({ name: 'Team', ...attributes }).success).toBe(
          picked.length === 1,
        );
      }),
    );
  });

  it('a reconnection parses when it names one of password, url, content or content_base64, and only then', () => {
    const keys = ['password', 'url', 'content', 'content_base64'] as const;
    fc.assert(
      fc.property(fc.subarray([...keys]), (picked) => {
        const attributes = Object.fromEntries(picked.map((key) => [key, sources[key]]));
        expect(reconnectAttributes.safeParse(attributes).success).toBe(picked.length === 1);
      }),
    );
  });

  it('refuses what is not a feed address, and says which one to give', () => {
    const ftp = icsImportAttributes.safeParse({ url: 'ftp://example.com/team.ics' });
    expect(ftp.success).toBe(false);
    expect(ftp.error?.issues[0]?.message).toBe('must be an http(s) or webcal URL');
    expect(icsImportAttributes.safeParse({ url: 'webcal://example.com/team.ics' }).success).toBe(true);
    const none = icsImportAttributes.safeParse({ name: 'Team' });
    expect(none.error?.issues[0]?.message).toBe('Give one of url, content or content_base64');
  });

  it('reads a feed address as calendars give it: webcal and webcals in any case over https, spaces around it cut', () => {
    for (const [pasted, fetched] of [
      ['webcal://example.com/team.ics', 'https://example.com/team.ics'],
      ['WEBCAL://example.com/team.ics', 'https://example.com/team.ics'],
      ['webcals://p42-caldav.icloud.com/published/2/abc', 'https://p42-caldav.icloud.com/published/2/abc'],
      ['  https://example.com/team.ics\n', 'https://example.com/team.ics'],
      ['http://example.com/team.ics', 'http://example.com/team.ics'],
    ]) {
      expect(icsImportAttributes.parse({ url: pasted }).url, pasted).toBe(fetched);
      expect(reconnectAttributes.parse({ url: pasted }).url, pasted).toBe(fetched);
    }
    const caldav = caldavAccountAttributes.parse({
      server_url: ' https://dav.example.com/ ',
      username: 'a',
      password: 'b',
    });
    expect(caldav.server_url).toBe('https://dav.example.com/');
  });

  it('opens push channels only for the providers the paths name', () => {
    const params = calendarEndpoints.openChannel.params;
    expect(params.safeParse({ provider: 'google_calendar' }).success).toBe(true);
    expect(params.safeParse({ provider: 'google' }).success).toBe(false);
  });
});

describe('a file sent as base64', () => {
  const zodBase64 = z.base64();
  it('is accepted exactly when zod’s base64 format accepts it', () => {
    const text = fc.string({ unit: fc.constantFrom('A', 'z', '0', '+', '/', '=', '-', '_', ' ', '\n', 'é') });
    fc.assert(
      fc.property(text, (candidate) => {
        expect(isBase64(candidate)).toBe(zodBase64.safeParse(candidate).success);
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts the base64 of any bytes, and refuses it with a character changed to one base64 does not use', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), (bytes, at) => {
        const encoded = btoa(String.fromCharCode(...bytes));
        expect(isBase64(encoded)).toBe(true);
        const i = at % encoded.length;
        expect(isBase64(`${encoded.slice(0, i)}*${encoded.slice(i + 1)}`)).toBe(false);
      }),
    );
  });
});
