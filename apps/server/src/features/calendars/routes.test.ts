import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/app';
import { startWorker } from '../../jobs/worker';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';

let ctx: TestContext;
let app: App;
let worker: Awaited<ReturnType<typeof startWorker>>;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_CALENDAR_HOSTS: 'false' });
  app = await createTestApp(ctx, allRoutes);
  worker = await startWorker(ctx, { concurrency: 2, crontab: false });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  await ctx.close();
});

const ics = (email: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'X-WR-CALNAME:Team calendar',
    'BEGIN:VEVENT',
    'UID:planning-1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')}T150000Z`,
    `DTEND:${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')}T160000Z`,
    'SUMMARY:Sprint planning',
    'ORGANIZER:mailto:lead@acme.example',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@acme.example',
    `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

/** The coming week's meetings, once the sync job has stored some. */
async function meetingsOnceSynced(headers: Record<string, string>) {
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const url = `/api/v1/meetings?by_period[starts_at]=${encodeURIComponent(from)}&by_period[ends_at]=${encodeURIComponent(to)}`;
  return waitForValue(async () => {
    const res = await app.inject({ method: 'GET', url, headers });
    return res.statusCode === 200 && res.json().data.length ? res.json().data : null;
  });
}

describe('calendar routes', () => {
  it('answers `calendars/` with a trailing slash as `calendars`', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const plain = await app.inject({ url: '/api/v1/calendars', headers });
    const slashed = await app.inject({ url: '/api/v1/calendars/', headers });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('imports a file whose calendar name and events hold NUL characters, without them', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const content = ics(user.email)
      .replace('X-WR-CALNAME:Team calendar', 'X-WR-CALNAME:Team\u0000 calendar')
      .replace('SUMMARY:Sprint planning', 'SUMMARY:Sprint\u0000 planning');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: JSON.stringify({
        data: { type: 'calendars', attributes: { content_base64: Buffer.from(content).toString('base64') } },
      }),
    });
    expect(created.json()).toMatchObject({ data: { attributes: { name: 'Team calendar' } } });
    expect(created.statusCode).toBe(201);
    const meetings = await meetingsOnceSynced(headers);
    expect(meetings[0].attributes.summary).toBe('Sprint planning');
  });

  it('imports an ICS file, syncs it in a job and shows the meetings scored', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { content: ics(user.email) } } }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({
      name: 'Team calendar',
      provider: 'ics',
      watching: true,
    });

    const meetings = await meetingsOnceSynced(headers);
    expect(meetings[0].attributes).toMatchObject({
      summary: 'Sprint planning',
      intention: 'planning',
      attendees_count: 2,
    });
    expect(meetings[0].attributes.score).toEqual(expect.any(Number));

    // The meetings are committed a moment before the synchronization is marked done.
    const finished = await waitForValue(async () => {
      const syncs = await app.inject({ method: 'GET', url: '/api/v1/synchronizations', headers });
      const latest = syncs.json().data[0]?.attributes;
      return latest && latest.status !== 'running' ? latest : null;
    });
    expect(finished).toMatchObject({ kind: 'full', status: 'succeeded' });
  });

  it('reads a file uploaded again (twice at once, or a newer export of it) into the calendar it made, not a copy', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    // Long UIDs, as Outlook writes them, folded over two lines: they differ after the fold only.
    const event = (uid: string, summary: string, hour: number) => [
      'BEGIN:VEVENT',
      `UID:040000008200E00074C5B7101A82E00800000000D0A2BF5E1A3DB01000000000000000`,
      ` 0000000000000000000100000001${uid}`,
      `DTSTART:${day}T${String(hour).padStart(2, '0')}0000Z`,
      `DTEND:${day}T${String(hour).padStart(2, '0')}3000Z`,
      `SUMMARY:${summary}`,
      'END:VEVENT',
    ];
    const file = (...events: string[][]) =>
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'X-WR-CALNAME:Exported', ...events.flat(), 'END:VCALENDAR'].join(
        '\r\n',
      );
    const upload = (content: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/calendars/ics',
        headers,
        payload: JSON.stringify({
          data: {
            type: 'calendars',
            attributes: { content_base64: Buffer.from(content).toString('base64') },
          },
        }),
      });
    const first = file(event('a', 'Alpha', 9), event('b', 'Beta', 10), event('c', 'Gamma', 11));
    // A double click: two requests at once.
    const [one, two] = await Promise.all([upload(first), upload(first)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.json().data.id).toBe(two.json().data.id);
    const summaries = async () =>
      ((await meetingsOnceSynced(headers)) as { attributes: { summary: string } }[])
        .map((m) => m.attributes.summary)
        .sort();
    await waitForValue(async () => ((await summaries()).length === 3 ? true : null));

    // A newer export: Beta moved and renamed, Gamma gone, Delta new; another file is another calendar.
    const newer = await upload(
      file(event('a', 'Alpha', 9), event('b', 'Beta (moved)', 14), event('d', 'Delta', 15)),
    );
    expect(newer.statusCode).toBe(200);
    expect(newer.json().data.id).toBe(one.json().data.id);
    expect(
      await waitForValue(async () => {
        const now = await summaries();
        return now.join() === 'Alpha,Beta (moved),Delta' ? now : null;
      }),
    ).toEqual(['Alpha', 'Beta (moved)', 'Delta']);
    const other = await upload(file(event('x', 'Other', 16)));
    expect(other.statusCode).toBe(201);
    const list = await app.inject({ url: '/api/v1/calendars', headers });
    expect(
      list.json().data.filter((c: { attributes: { provider: string } }) => c.attributes.provider === 'ics'),
    ).toHaveLength(2);
  });

  it("imports a file's bytes in any charset, and keeps what the read skipped as the import report", async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'X-WR-CALNAME:Två kalender',
      'BEGIN:VEVENT',
      'UID:latin-1',
      `DTSTART:${day}T090000Z`,
      `DTEND:${day}T100000Z`,
      'SUMMARY:Event Två',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:broken-1',
      'DTSTART:not-a-date',
      'SUMMARY:Broken',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    // A Windows-1252 (Latin-1) file, as the browser reads it from disk: bytes, not text.
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: {
        data: {
          type: 'calendars',
          attributes: { content_base64: Buffer.from(text, 'latin1').toString('base64') },
        },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes.name).toBe('Två kalender');
    const id = created.json().data.id;

    const report = await waitForValue(async () => {
      const res = await app.inject({ url: '/api/v1/calendars', headers });
      const calendar = res.json().data.find((c: { id: string }) => c.id === id);
      return calendar?.attributes.import_report ?? null;
    });
    expect(report).toMatchObject({ events: 1, problems_total: 2 });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: expect.stringContaining('windows-1252') }),
        expect.objectContaining({ uid: 'broken-1', line: expect.any(Number) }),
      ]),
    );
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const meetings = await app.inject({
      url: `/api/v1/meetings?by_period[starts_at]=${encodeURIComponent(from)}&by_period[ends_at]=${encodeURIComponent(to)}`,
      headers,
    });
    expect(
      meetings.json().data.map((m: { attributes: { summary: string } }) => m.attributes.summary),
    ).toEqual(['Event Två']);

    const notBase64 = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: { data: { type: 'calendars', attributes: { content_base64: 'not base64!' } } },
    });
    expect(notBase64.statusCode).toBe(400);
    const notCalendar = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: {
        data: { type: 'calendars', attributes: { content_base64: Buffer.from('hello').toString('base64') } },
      },
    });
    expect(notCalendar.json().errors[0]).toMatchObject({
      detail: 'This is not an ICS calendar (no BEGIN:VCALENDAR).',
      source: { pointer: '/data/attributes/content_base64' },
    });
  });

  it('says a sync is already in progress instead of starting another', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { content: ics(user.email) } } }),
    });
    const asked = await app.inject({ method: 'GET', url: '/api/v1/meetings/sync', headers });
    expect(asked.json().data.attributes).toHaveProperty('in_progress');
    await waitForValue(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/meetings/sync', headers });
      return res.json().data.attributes.in_progress === false ? true : null;
    });
    const started = await app.inject({ method: 'GET', url: '/api/v1/meetings/sync?confirmed=true', headers });
    expect(started.json().data.attributes).toMatchObject({ in_progress: false, started: true, calendars: 1 });
    const again = await app.inject({ method: 'GET', url: '/api/v1/meetings/sync?confirmed=true', headers });
    expect(again.json().data.attributes).toMatchObject({ in_progress: true, started: false });
  });

  it('refuses what is not a calendar, and private addresses when hosted', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const notIcs = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { content: 'hello' } } }),
    });
    expect(notIcs.statusCode).toBe(400);
    expect(notIcs.json().errors[0].detail).toContain('BEGIN:VCALENDAR');
    for (const [path, attributes] of [
      ['ics', { url: 'http://127.0.0.1:8080/cal.ics' }],
      ['ics', { url: 'http://[::ffff:127.0.0.1]:8080/x.ics' }],
      ['ics', { url: 'http://[64:ff9b::7f00:1]/x.ics' }],
      ['ics', { url: 'webcal://[fec0::1]/x.ics' }],
      ['caldav', { server_url: 'http://169.254.169.254/', username: 'a', password: 'b' }],
      ['caldav', { server_url: 'http://[::ffff:a9fe:a9fe]/', username: 'a', password: 'b' }],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/calendars/${path}`,
        headers,
        payload: JSON.stringify({ data: { type: 'calendars', attributes } }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].detail).toContain('not on the public internet');
    }
  });

  it("never shows or changes another user's calendar or meeting", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers: await bearerFor(ctx, owner.id),
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { content: ics(owner.email) } } }),
    });
    const calendarId = created.json().data.id;
    const otherHeaders = await bearerFor(ctx, other.id);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/calendars/${calendarId}`,
      headers: otherHeaders,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { watching: false } } }),
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/calendars', headers: otherHeaders })).json().data,
    ).toEqual([]);
    const ownerMeetings = await waitForValue(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/meetings?by_period[starts_at]=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&by_period[ends_at]=${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}`,
        headers: await bearerFor(ctx, owner.id),
      });
      return res.statusCode === 200 && res.json().data.length ? res.json().data : null;
    });
    const meetingId = ownerMeetings[0].id;
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/meetings/${meetingId}`,
      headers: otherHeaders,
    });
    expect(read.statusCode).toBe(404);
    const add = await app.inject({
      method: 'POST',
      url: `/api/v1/meetings/${meetingId}/agenda_items`,
      headers: otherHeaders,
      payload: JSON.stringify({ data: { type: 'agenda_items', attributes: { description: 'hijack' } } }),
    });
    expect(add.statusCode).toBe(404);
  });

  it('opens push channels only where providers can reach us, and only for the right provider', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { content: ics(user.email) } } }),
    });
    const calendarId = created.json().data.id;
    const body = JSON.stringify({ data: { type: 'webhooks', attributes: { calendar_uuid: calendarId } } });
    const wrongProvider = await app.inject({
      method: 'POST',
      url: '/api/v1/google_calendar/webhooks_setup',
      headers,
      payload: body,
    });
    expect(wrongProvider.statusCode).toBe(404);
    const setup = await app.inject({
      method: 'POST',
      url: '/api/v1/ics/webhooks_setup',
      headers,
      payload: body,
    });
    expect(setup.json().data.attributes).toMatchObject({
      calendar_uuid: calendarId,
      active: false,
      polling: true,
    });
    const stop = await app.inject({
      method: 'POST',
      url: '/api/v1/ics/webhooks_stop',
      headers,
      payload: body,
    });
    expect(stop.json().data.attributes).toMatchObject({ active: false });
    const stranger = await bearerFor(ctx, (await createUser(ctx)).id);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/v1/ics/webhooks_setup',
      headers: stranger,
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
