import fs from 'node:fs';
import path from 'node:path';
import { getBasicAuthHeaders, makeCalendar, propfind } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarConnection, type CalendarEvent, ProviderError } from '../../types';
import { createCaldavDriver } from './caldav.driver';
import { type RadicaleServer, startRadicale } from './radicale.test-server';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '__fixtures__', name), 'utf8');
const window = { from: new Date('2027-01-01T00:00:00Z'), to: new Date('2027-04-01T00:00:00Z') };
const auth = getBasicAuthHeaders({ username: 'alex', password: 'secret' });

const SINGLE = 'nc-kickoff-9f2b@cloud.northwind.example';
const WEEKLY = '8E0C5F4A-1B2C-4D3E-9F80-ABCDEF012345';

/** Every request the driver makes, to check what an incremental sync fetches. */
const requests: { method: string; url: string; body: string }[] = [];
const spyFetch: typeof fetch = async (input, init) => {
  requests.push({
    method: init?.method ?? 'GET',
    url: String(input),
    body: typeof init?.body === 'string' ? init.body : '',
  });
  return fetch(input, init);
};
const driver = createCaldavDriver({ fetch: spyFetch, now: () => new Date('2027-01-02T12:00:00Z') });

let radicale: RadicaleServer;
let calendarUrl: string;
let connection: CalendarConnection;

async function put(name: string, body: string) {
  const response = await fetch(`${calendarUrl}${name}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'text/calendar; charset=utf-8' },
    body,
  });
  expect(response.status).toBeLessThan(300);
}

async function get(name: string) {
  const response = await fetch(`${calendarUrl}${name}`, { headers: auth });
  return { status: response.status, text: await response.text() };
}

const rows = (events: CalendarEvent[]) =>
  [...events]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((e) => [e.providerEventId, e.startsAt.toISOString(), e.endsAt.toISOString(), e.status]);

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

beforeAll(async () => {
  radicale = await startRadicale({ alex: 'secret', sam: 'other' });
  // Radicale makes the principal collection on first authenticated access.
  await propfind({ url: `${radicale.url}/alex/`, props: { 'd:displayname': {} }, depth: '0', headers: auth });
  calendarUrl = `${radicale.url}/alex/work/`;
  const made = await makeCalendar({
    url: calendarUrl,
    props: { 'd:displayname': 'Work', 'ca:calendar-color': '#3366FFFF' },
    headers: auth,
  });
  expect(made[0]?.ok ?? true).toBe(true);
  await makeCalendar({
    url: `${radicale.url}/alex/personal/`,
    props: { 'd:displayname': 'Personal' },
    headers: auth,
  });
  await put('kickoff.ics', fixture('nextcloud-single.ics'));
  await put('weekly.ics', fixture('apple-weekly-with-override.ics'));
  await put('old.ics', fixture('outside-window.ics'));
  connection = {
    calendarId: 'cal-1',
    externalId: calendarUrl,
    ownerEmail: 'alex@northwind.example',
    timeZone: 'Europe/Berlin',
    sourceUrl: radicale.url,
    credentials: { username: 'alex', password: 'secret' },
  };
}, 60_000);

afterAll(async () => {
  await radicale?.stop();
});

describe('caldavDriver against Radicale', () => {
  let cursor: string | null = null;

  it('lists the calendars with name, colour and write access', async () => {
    const calendars = await driver.listCalendars({
      ownerEmail: connection.ownerEmail,
      timeZone: 'Europe/Berlin',
      sourceUrl: radicale.url,
      credentials: connection.credentials,
    });
    const byName = Object.fromEntries(calendars.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['Personal', 'Work']);
    expect(byName.Work).toMatchObject({ externalId: calendarUrl, color: '#3366ff', canWrite: true });
  });

  it('reads the window in full', async () => {
    const result = await driver.syncEvents(connection, { cursor: null, window });
    expect(result.full).toBe(true);
    expect(rows(result.events)).toEqual([
      [
        `${WEEKLY}::2027-01-04T08:00:00.000Z`,
        '2027-01-04T08:00:00.000Z',
        '2027-01-04T08:30:00.000Z',
        'confirmed',
      ],
      [
        `${WEEKLY}::2027-01-11T08:00:00.000Z`,
        '2027-01-11T13:00:00.000Z',
        '2027-01-11T13:30:00.000Z',
        'confirmed',
      ],
      [SINGLE, '2027-01-12T09:00:00.000Z', '2027-01-12T10:00:00.000Z', 'confirmed'],
      [
        `${WEEKLY}::2027-01-18T08:00:00.000Z`,
        '2027-01-18T08:00:00.000Z',
        '2027-01-18T08:30:00.000Z',
        'confirmed',
      ],
      [
        `${WEEKLY}::2027-01-25T08:00:00.000Z`,
        '2027-01-25T08:00:00.000Z',
        '2027-01-25T08:30:00.000Z',
        'confirmed',
      ],
    ]);
    const kickoff = result.events.find((e) => e.providerEventId === SINGLE)!;
    expect(kickoff.etag).toBeTruthy();
    expect(kickoff.conferenceUrl).toBe('https://meet.jit.si/northwind-kickoff');
    expect(kickoff.attendees.find((a) => a.self)).toMatchObject({ responseStatus: 'needsAction' });
    const parsed = JSON.parse(result.cursor!);
    expect(parsed.ctag).toBeTruthy();
    expect(Object.keys(parsed.etags)).toHaveLength(3);
    expect(Object.values(parsed.uids).sort()).toEqual([WEEKLY, SINGLE].sort());
    cursor = result.cursor;
  });

  it('does nothing while the ctag is unchanged', async () => {
    requests.length = 0;
    const result = await driver.syncEvents(connection, { cursor, window });
    expect(result).toEqual({ events: [], deletedIds: [], full: false, cursor });
    expect(requests.map((r) => r.method)).toEqual(['PROPFIND']);
  });

  it('fetches only changed and new objects, and reports deleted ones by UID', async () => {
    await put(
      'kickoff.ics',
      fixture('nextcloud-single.ics')
        .replace('SUMMARY:Project kickoff', 'SUMMARY:Project kickoff (agenda inside)')
        .replace('SEQUENCE:0', 'SEQUENCE:1'),
    );
    await put(
      'retro.ics',
      fixture('nextcloud-single.ics')
        .replace(SINGLE, 'nc-retro-1@cloud.northwind.example')
        .replace('SUMMARY:Project kickoff', 'SUMMARY:Retro')
        .replaceAll('20270112T', '20270115T'),
    );
    const removed = await fetch(`${calendarUrl}weekly.ics`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBeLessThan(300);

    requests.length = 0;
    const result = await driver.syncEvents(connection, { cursor, window });
    expect(result.full).toBe(false);
    expect(rows(result.events)).toEqual([
      [SINGLE, '2027-01-12T09:00:00.000Z', '2027-01-12T10:00:00.000Z', 'confirmed'],
      [
        'nc-retro-1@cloud.northwind.example',
        '2027-01-15T09:00:00.000Z',
        '2027-01-15T10:00:00.000Z',
        'confirmed',
      ],
    ]);
    expect(result.events.find((e) => e.providerEventId === SINGLE)?.summary).toBe(
      'Project kickoff (agenda inside)',
    );
    expect(result.deletedIds).toEqual([WEEKLY]);
    expect(result.completeSeries?.sort()).toEqual([SINGLE, 'nc-retro-1@cloud.northwind.example'].sort());
    const multiget = requests.filter((r) => r.method === 'REPORT');
    expect(multiget).toHaveLength(1);
    expect(multiget[0]!.body).toContain('kickoff.ics');
    expect(multiget[0]!.body).toContain('retro.ics');
    expect(multiget[0]!.body).not.toContain('old.ics');
    cursor = result.cursor;
  });

  it('reports an object moved out of the window as deleted', async () => {
    await put('retro.ics', (await get('retro.ics')).text.replaceAll('20270115T', '20270515T'));
    const result = await driver.syncEvents(connection, { cursor, window });
    expect(result.events).toEqual([]);
    expect(result.deletedIds).toEqual(['nc-retro-1@cloud.northwind.example']);
    cursor = result.cursor;
  });

  it('declines with a comment: PARTSTAT on the owner, COMMENT on the event, If-Match', async () => {
    await driver.respond!(connection, {
      providerEventId: SINGLE,
      response: 'declined',
      comment: 'Clashes with a focus block',
    });
    const stored = (await get('kickoff.ics')).text.replace(/\r\n[ \t]/g, '');
    expect(stored).toMatch(/ATTENDEE;[^\r\n]*PARTSTAT=DECLINED[^\r\n]*:mailto:alex@northwind\.example/);
    expect(stored).not.toMatch(/ATTENDEE;[^\r\n]*RSVP=TRUE[^\r\n]*:mailto:alex@northwind\.example/);
    expect(stored).toContain('COMMENT:Clashes with a focus block');
    expect(stored).toMatch(/ATTENDEE;[^\r\n]*PARTSTAT=ACCEPTED[^\r\n]*:mailto:jordan@northwind\.example/);

    const result = await driver.syncEvents(connection, { cursor, window });
    expect(
      result.events.find((e) => e.providerEventId === SINGLE)?.attendees.find((a) => a.self)?.responseStatus,
    ).toBe('declined');
    cursor = result.cursor;
  });

  it('declines one occurrence of a series by adding an override', async () => {
    await put('weekly.ics', fixture('apple-weekly-with-override.ics'));
    await driver.respond!(connection, {
      providerEventId: `${WEEKLY}::2027-01-18T08:00:00.000Z`,
      response: 'declined',
    });
    const result = await driver.syncEvents(connection, { cursor: null, window });
    const weekly = result.events.filter((e) => e.recurringEventId === WEEKLY);
    const selfStatus = Object.fromEntries(
      weekly.map((e) => [e.providerEventId, e.attendees.find((a) => a.self)?.responseStatus]),
    );
    expect(selfStatus).toEqual({
      [`${WEEKLY}::2027-01-04T08:00:00.000Z`]: 'accepted',
      [`${WEEKLY}::2027-01-11T08:00:00.000Z`]: 'accepted',
      [`${WEEKLY}::2027-01-18T08:00:00.000Z`]: 'declined',
      [`${WEEKLY}::2027-01-25T08:00:00.000Z`]: 'accepted',
    });
    expect(rows(weekly).find((r) => r[0] === `${WEEKLY}::2027-01-18T08:00:00.000Z`)).toEqual([
      `${WEEKLY}::2027-01-18T08:00:00.000Z`,
      '2027-01-18T08:00:00.000Z',
      '2027-01-18T08:30:00.000Z',
      'confirmed',
    ]);
    cursor = result.cursor;
  });

  it('writes a weekly Wellness block, updates it and deletes it', async () => {
    const block = {
      summary: 'Focus time',
      description: 'Protected by MeetWell',
      startsAt: new Date('2027-02-01T11:00:00Z'), // 12:00 in Berlin (winter)
      endsAt: new Date('2027-02-01T12:00:00Z'),
      timeZone: 'Europe/Berlin',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10'],
      appMarker: 'wb_42',
      transparency: 'opaque' as const,
    };
    const { providerEventId } = await driver.writeEvent!(connection, { event: block });
    const written = await driver.syncEvents(connection, { cursor: null, window });
    const occurrences = written.events.filter((e) => e.recurringEventId === providerEventId);
    expect(occurrences.map((e) => e.startsAt.toISOString())).toEqual([
      '2027-02-01T11:00:00.000Z',
      '2027-02-08T11:00:00.000Z',
      '2027-02-15T11:00:00.000Z',
      '2027-02-22T11:00:00.000Z',
      '2027-03-01T11:00:00.000Z',
      '2027-03-08T11:00:00.000Z',
      '2027-03-15T11:00:00.000Z',
      '2027-03-22T11:00:00.000Z',
      '2027-03-29T10:00:00.000Z', // still 12:00 in Berlin after the switch to summer time
    ]);
    expect(occurrences.every((e) => e.appMarker === 'wb_42' && e.summary === 'Focus time' && e.canEdit)).toBe(
      true,
    );

    await driver.writeEvent!(connection, { providerEventId, event: { ...block, summary: 'Deep work' } });
    const updated = await driver.syncEvents(connection, { cursor: null, window });
    const renamed = updated.events.filter((e) => e.recurringEventId === providerEventId);
    expect(renamed).toHaveLength(9);
    expect(renamed.every((e) => e.summary === 'Deep work' && e.sequence === 1)).toBe(true);

    await driver.deleteEvent!(connection, { providerEventId });
    const after = await driver.syncEvents(connection, { cursor: null, window });
    expect(after.events.filter((e) => e.recurringEventId === providerEventId)).toEqual([]);
    await expect(driver.deleteEvent!(connection, { providerEventId })).resolves.toBeUndefined();
  });

  it('deletes one occurrence with an EXDATE', async () => {
    await driver.deleteEvent!(connection, { providerEventId: `${WEEKLY}::2027-01-25T08:00:00.000Z` });
    const result = await driver.syncEvents(connection, { cursor: null, window });
    expect(result.events.filter((e) => e.recurringEventId === WEEKLY).map((e) => e.providerEventId)).toEqual(
      expect.not.arrayContaining([`${WEEKLY}::2027-01-25T08:00:00.000Z`]),
    );
    expect(result.events.filter((e) => e.recurringEventId === WEEKLY)).toHaveLength(3);
  });

  it('answers and removes an occurrence of a floating-time series so that it holds in any zone', async () => {
    const FLOATING = 'floating-standup@northwind.example';
    await put(
      'floating.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//e2e//EN',
        'BEGIN:VEVENT',
        `UID:${FLOATING}`,
        'DTSTAMP:20261201T000000Z',
        'DTSTART:20270104T090000',
        'DTEND:20270104T093000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'SUMMARY:Standup',
        'ORGANIZER:mailto:lead@northwind.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@northwind.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:alex@northwind.example',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const readIn = async (timeZone: string) =>
      (await driver.syncEvents({ ...connection, timeZone }, { cursor: null, window })).events.filter(
        (e) => e.recurringEventId === FLOATING,
      );
    const ids = (events: CalendarEvent[]) => events.map((e) => e.providerEventId).sort();
    const berlin = await readIn('Europe/Berlin');
    expect(ids(berlin)).toEqual(ids(await readIn('Asia/Tokyo')));
    expect(ids(berlin)).toContain(`${FLOATING}::2027-01-11T09:00:00`);

    // Declined from Berlin; read from Tokyo, the same occurrence is declined, at 9:00 there.
    await driver.respond!(connection, {
      providerEventId: `${FLOATING}::2027-01-11T09:00:00`,
      response: 'declined',
    });
    const tokyo = await readIn('Asia/Tokyo');
    const declined = tokyo.find((e) => e.providerEventId === `${FLOATING}::2027-01-11T09:00:00`);
    expect(declined?.attendees.find((a) => a.self)?.responseStatus).toBe('declined');
    expect(declined?.startsAt.toISOString()).toBe('2027-01-11T00:00:00.000Z');
    expect(tokyo).toHaveLength(4);

    await driver.deleteEvent!(connection, { providerEventId: `${FLOATING}::2027-01-18T09:00:00` });
    expect(ids(await readIn('Asia/Tokyo'))).toEqual([
      `${FLOATING}::2027-01-04T09:00:00`,
      `${FLOATING}::2027-01-11T09:00:00`,
      `${FLOATING}::2027-01-25T09:00:00`,
    ]);
  });

  it('maps a wrong password to auth_revoked, a missing calendar to not_found, a broken cursor to cursor_invalid', async () => {
    const wrong = { ...connection, credentials: { username: 'alex', password: 'nope' } };
    expect(await providerError(driver.listCalendars(wrong))).toMatchObject({
      kind: 'auth_revoked',
      status: 401,
    });
    expect(await providerError(driver.syncEvents(wrong, { cursor: null, window }))).toMatchObject({
      kind: 'auth_revoked',
    });
    const missing = { ...connection, externalId: `${radicale.url}/alex/nothing-here/` };
    expect(await providerError(driver.syncEvents(missing, { cursor: null, window }))).toMatchObject({
      kind: 'not_found',
    });
    expect(await providerError(driver.syncEvents(connection, { cursor: '{nope', window }))).toMatchObject({
      kind: 'cursor_invalid',
    });
    const otherUser = { ...connection, credentials: { username: 'sam', password: 'other' } };
    expect(await providerError(driver.syncEvents(otherUser, { cursor: null, window }))).toMatchObject({
      kind: 'auth_revoked',
      status: 403,
    });
  });
});

describe('caldavDriver: objects written loosely (issue 26)', () => {
  it('reports what was read leniently, counted across objects, as an ICS file does', async () => {
    const holidays = `${radicale.url}/alex/holidays/`;
    await makeCalendar({ url: holidays, props: { 'd:displayname': 'Holidays' }, headers: auth });
    const object = (uid: string, day: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Calendar Labs//Calendar 1.0//EN',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTAMP:20270101T000000Z',
        `DTSTART:${day}`,
        `DTEND:${day}`,
        `SUMMARY:${uid}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    for (const [uid, day] of [
      ['epiphany', '20270106'],
      ['carnival', '20270209'],
    ]) {
      const response = await fetch(`${holidays}${uid}.ics`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'text/calendar; charset=utf-8' },
        body: object(uid!, day!),
      });
      expect(response.status).toBeLessThan(300);
    }
    const result = await driver.syncEvents({ ...connection, externalId: holidays }, { cursor: null, window });
    expect(rows(result.events)).toEqual([
      ['epiphany', '2027-01-05T23:00:00.000Z', '2027-01-06T23:00:00.000Z', 'confirmed'],
      ['carnival', '2027-02-08T23:00:00.000Z', '2027-02-09T23:00:00.000Z', 'confirmed'],
    ]);
    // Radicale stores the dates with VALUE=DATE (it rewrites what it is sent); DTEND = DTSTART stays.
    expect(result.problems?.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /^2 all-day events ended on the day they start; they were read as lasting that day \(the first: (epiphany|carnival)\)$/,
      ),
    ]);
  });
});
