import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CalendarConnection, ProviderError } from '../../types';
import { calendarHeader, createIcsDriver, icsDriver } from './ics.driver';

const ics = fs.readFileSync(path.join(import.meta.dirname, '__fixtures__', 'google-duplicate-uid.ics'));
const window = { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2025-01-01T00:00:00Z') };

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Route>();
const seen: { url: string; ifNoneMatch?: string | undefined }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    const route = routes.get(req.url ?? '');
    if (route) route(req, res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  routes.clear();
  seen.length = 0;
});

const connection = (
  sourceUrl: string | undefined,
  extra: Partial<CalendarConnection> = {},
): CalendarConnection => ({
  calendarId: 'c1',
  externalId: sourceUrl ?? 'import',
  ownerEmail: 'alex@northwind.example',
  timeZone: 'Europe/Berlin',
  sourceUrl,
  ...extra,
});

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('icsDriver over HTTP', () => {
  it('lists one calendar named by X-WR-CALNAME', async () => {
    routes.set('/cal.ics', (_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics));
    expect(await icsDriver.listCalendars(connection(`${base}/cal.ics`))).toEqual([
      {
        externalId: `${base}/cal.ics`,
        name: 'alex@northwind.example',
        color: undefined,
        timeZone: 'Europe/Berlin',
        primary: false,
        canWrite: false,
      },
    ]);
  });

  it('reads in full, then answers 304 with an unchanged no-op, and reads in full again after a change', async () => {
    let etag = '"v1"';
    let body = ics;
    routes.set('/feed.ics', (req, res) => {
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(body);
    });
    const conn = connection(`${base}/feed.ics`);
    const first = await icsDriver.syncEvents(conn, { cursor: null, window });
    expect(first.full).toBe(true);
    expect(first.events.map((e) => e.providerEventId).sort()).toEqual([
      'dup-1@google.com',
      'dup-2@google.com',
    ]);
    expect(JSON.parse(first.cursor!)).toMatchObject({ v: 1, etag: '"v1"' });

    const unchanged = await icsDriver.syncEvents(conn, { cursor: first.cursor, window });
    expect(unchanged).toEqual({ events: [], deletedIds: [], full: false, cursor: first.cursor });
    expect(seen.at(-1)?.ifNoneMatch).toBe('"v1"');

    etag = '"v2"';
    body = Buffer.from(ics.toString('utf8').replace('Retro (newer)', 'Retro (renamed)'));
    const changed = await icsDriver.syncEvents(conn, { cursor: first.cursor, window });
    expect(changed.full).toBe(true);
    expect(changed.events.map((e) => e.summary).sort()).toEqual(['Planning (v2)', 'Retro (renamed)']);
    expect(JSON.parse(changed.cursor!)).toMatchObject({ etag: '"v2"' });
  });

  it('reads a feed in the charset its server declares (Shift_JIS, KOI8-R), and UTF-8 whatever the label says', async () => {
    const feed = (summary: string) =>
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART:20240304T090000Z\r\nDTEND:20240304T100000Z\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    // 会議 (meeting) in Shift_JIS, and Собрание in KOI8-R.
    const shiftJis = Buffer.concat([
      Buffer.from(feed('@').split('@')[0]!),
      Buffer.from([0x89, 0xef, 0x8b, 0x63]),
      Buffer.from(feed('@').split('@')[1]!),
    ]);
    const koi8 = Buffer.concat([
      Buffer.from(feed('@').split('@')[0]!),
      Buffer.from([0xf3, 0xcf, 0xc2, 0xd2, 0xc1, 0xce, 0xc9, 0xc5]),
      Buffer.from(feed('@').split('@')[1]!),
    ]);
    routes.set('/sjis.ics', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/calendar; charset="Shift_JIS"' }).end(shiftJis),
    );
    routes.set('/koi8.ics', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/calendar;charset=koi8-r' }).end(koi8),
    );
    routes.set('/mislabelled.ics', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/calendar; charset=iso-8859-1' }).end(feed('Café ☕')),
    );
    const summary = async (route: string) =>
      (await icsDriver.syncEvents(connection(`${base}${route}`), { cursor: null, window })).events.map(
        (e) => e.summary,
      );
    expect(await summary('/sjis.ics')).toEqual(['会議']);
    expect(await summary('/koi8.ics')).toEqual(['Собрание']);
    expect(await summary('/mislabelled.ics')).toEqual(['Café ☕']);
  });

  it('treats the same bytes without validators as unchanged (content hash)', async () => {
    routes.set('/plain.ics', (_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics));
    const conn = connection(`${base}/plain.ics`);
    const first = await icsDriver.syncEvents(conn, { cursor: null, window });
    const second = await icsDriver.syncEvents(conn, { cursor: first.cursor, window });
    expect(second).toEqual({ events: [], deletedIds: [], full: false, cursor: first.cursor });
  });

  it('maps 404 to not_found, 401 to auth_revoked, 500 to temporary, 429 with Retry-After to rate_limited', async () => {
    routes.set('/401.ics', (_req, res) => res.writeHead(401).end());
    routes.set('/500.ics', (_req, res) => res.writeHead(500).end('boom'));
    routes.set('/429.ics', (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    routes.set('/503.ics', (_req, res) => res.writeHead(503, { 'retry-after': '7' }).end());
    const sync = (p: string) => icsDriver.syncEvents(connection(`${base}${p}`), { cursor: null, window });
    expect(await providerError(sync('/missing.ics'))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(await providerError(sync('/401.ics'))).toMatchObject({ kind: 'auth_revoked', status: 401 });
    expect(await providerError(sync('/500.ics'))).toMatchObject({ kind: 'temporary', status: 500 });
    expect(await providerError(sync('/429.ics'))).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 120_000,
    });
    expect(await providerError(sync('/503.ics'))).toMatchObject({
      kind: 'temporary',
      status: 503,
      retryAfterMs: 7000,
    });
  });

  it('refuses an HTML page instead of emptying the calendar, too large bodies, and slow servers', async () => {
    routes.set('/login', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>'),
    );
    routes.set('/big.ics', (_req, res) => res.writeHead(200).end(Buffer.alloc(4096, 'A')));
    routes.set('/slow.ics', () => undefined);
    expect(
      await providerError(icsDriver.syncEvents(connection(`${base}/login`), { cursor: null, window })),
    ).toMatchObject({
      kind: 'invalid',
    });
    const small = createIcsDriver({ maxBytes: 1024, timeoutMs: 300 });
    expect(
      await providerError(small.syncEvents(connection(`${base}/big.ics`), { cursor: null, window })),
    ).toMatchObject({
      kind: 'invalid',
    });
    expect(
      await providerError(small.syncEvents(connection(`${base}/slow.ics`), { cursor: null, window })),
    ).toMatchObject({
      kind: 'temporary',
    });
  });

  it('reads an unreachable host as temporary and a file: URL as invalid', async () => {
    expect(
      await providerError(
        icsDriver.syncEvents(connection('http://127.0.0.1:1/x.ics'), { cursor: null, window }),
      ),
    ).toMatchObject({
      kind: 'temporary',
    });
    expect(
      await providerError(icsDriver.syncEvents(connection('file:///etc/passwd'), { cursor: null, window })),
    ).toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('icsDriver for imported files', () => {
  it('reads sourceBytes, and is a no-op while the content is the same', async () => {
    const conn = connection(undefined, { sourceBytes: ics });
    const [calendar] = await icsDriver.listCalendars(conn);
    expect(calendar?.name).toBe('alex@northwind.example');
    const first = await icsDriver.syncEvents(conn, { cursor: null, window });
    expect(first.full).toBe(true);
    expect(first.events).toHaveLength(2);
    expect(await icsDriver.syncEvents(conn, { cursor: first.cursor, window })).toMatchObject({
      events: [],
      full: false,
    });
  });

  it('reads data: URLs', async () => {
    const url = `data:text/calendar;base64,${ics.toString('base64')}`;
    const result = await icsDriver.syncEvents(connection(url), { cursor: null, window });
    expect(result.events).toHaveLength(2);
  });
});

describe('a calendar’s header', () => {
  it('is read without its events: the name of a 50,000-event file, and of one whose header cannot be cut', async () => {
    const events = Array.from(
      { length: 50_000 },
      (_, i) =>
        `BEGIN:VEVENT\r\nUID:e${i}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:E${i}\r\nEND:VEVENT`,
    ).join('\r\n');
    const file = Buffer.from(
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Big one\r\nX-WR-TIMEZONE:Europe/Paris\r\n${events}\r\nEND:VCALENDAR\r\n`,
    );
    const header = calendarHeader(file);
    expect(header.byteLength).toBeLessThan(200);
    expect(Buffer.from(header).toString()).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Big one\r\nX-WR-TIMEZONE:Europe/Paris\r\nEND:VCALENDAR\r\n',
    );
    const [listed] = await createIcsDriver().listCalendars({
      ownerEmail: 'me@example.com',
      timeZone: 'UTC',
      sourceBytes: file,
    } as unknown as CalendarConnection);
    expect(listed).toMatchObject({ name: 'Big one', timeZone: 'Europe/Paris' });
    // UTF-16: not cut (the file is read whole).
    const utf16 = Buffer.from(`\ufeff${file.subarray(0, 400).toString()}`, 'utf16le');
    expect(calendarHeader(utf16)).toBe(utf16);
  });
});
