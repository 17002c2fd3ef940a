/**
 * An ICS file sent as it is (Content-Type: text/calendar), as the web app sends one: POST /calendars/ics/file
 * to add a calendar, POST /calendars/:id/reconnect/file to give a calendar its file again.
 */
import { MAX_ICS_BYTES } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars } from '../../db/schema';
import type { App } from '../../http/app';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, browserFor, createIcsCalendar, createUser } from '../../test/factories';

let ctx: TestContext;
let app: App;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const calendarText = (name: string, uid = 'file-1') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `X-WR-CALNAME:${name}`,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART:${day}T090000Z`,
    `DTEND:${day}T100000Z`,
    'SUMMARY:Planning',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

/** Headers of a file sent by a signed-in script: its bearer token and the file's media type. */
async function fileHeaders(userId: string, type = 'text/calendar') {
  return { ...(await bearerFor(ctx, userId)), 'content-type': type };
}

/** POST /calendars/ics/file with the file as the body. */
function sendFile(headers: Record<string, string>, payload: string | Buffer) {
  return app.inject({ method: 'POST', url: '/api/v1/calendars/ics/file', headers, payload });
}

describe('an ICS file sent as it is', () => {
  it('adds a calendar named by the file in its own charset, or by `name`, and the same file again updates it', async () => {
    const user = await createUser(ctx);
    const headers = await fileHeaders(user.id, 'text/calendar; charset=windows-1252');
    // A Windows-1252 file, as it is on disk: the server finds its charset.
    const payload = Buffer.from(calendarText('Två kalender'), 'latin1');
    const created = await app.inject({ method: 'POST', url: '/api/v1/calendars/ics/file', headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({
      name: 'Två kalender',
      provider: 'ics',
      watching: true,
    });

    const again = await app.inject({ method: 'POST', url: '/api/v1/calendars/ics/file', headers, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(created.json().data.id);

    const named = await app.inject({
      method: 'POST',
      url: `/api/v1/calendars/ics/file?name=${encodeURIComponent('  Work  ')}`,
      headers,
      payload: calendarText('Other', 'other-1'),
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().data.attributes.name).toBe('Work');
    const rows = await ctx.db.select().from(calendars).where(eq(calendars.userId, user.id));
    expect(rows.map((r) => r.name).sort()).toEqual(['Två kalender', 'Work']);
  });

  it('takes a file saved as UTF-16 (Windows "Unicode", PowerShell 5), with or without its byte-order mark', async () => {
    const user = await createUser(ctx);
    const headers = await fileHeaders(user.id);
    const littleEndian = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(calendarText('Ünicode'), 'utf16le'),
    ]);
    const withMark = await sendFile(headers, littleEndian);
    expect(withMark.statusCode).toBe(201);
    expect(withMark.json().data.attributes.name).toBe('Ünicode');
    const bigEndian = Buffer.from(calendarText('Big end', 'file-2'), 'utf16le').swap16();
    const withoutMark = await sendFile(headers, bigEndian);
    expect(withoutMark.statusCode).toBe(201);
    expect(withoutMark.json().data.attributes.name).toBe('Big end');
    // Text in UTF-16 that is no calendar is refused as any other.
    const notCalendar = await sendFile(headers, Buffer.from('<html>Sign in</html>', 'utf16le'));
    expect(notCalendar.statusCode).toBe(400);
    expect(notCalendar.json().errors[0].detail).toBe('This is not an ICS calendar (no BEGIN:VCALENDAR).');
  });

  it('is refused in words when it is not a calendar, empty, too large, or sent as something else', async () => {
    const user = await createUser(ctx);
    const headers = await fileHeaders(user.id);
    const send = (payload: string | Buffer, extra: Record<string, string> = {}) =>
      sendFile({ ...headers, ...extra }, payload);

    const notCalendar = await send('<html>Sign in</html>');
    expect(notCalendar.statusCode).toBe(400);
    expect(notCalendar.json().errors[0].detail).toBe('This is not an ICS calendar (no BEGIN:VCALENDAR).');

    const empty = await send('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].detail).toBe('Send the file as the request body.');

    const tooLarge = await send(Buffer.alloc(MAX_ICS_BYTES + 1, 0x41));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors[0]).toMatchObject({
      code: 'payload_too_large',
      detail: 'ICS files up to 20 MB can be imported',
    });

    const asJson = await send(
      JSON.stringify({ data: { type: 'calendars', attributes: { content: calendarText('J') } } }),
      { 'content-type': 'application/vnd.api+json' },
    );
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json().errors[0].detail).toBe('Send the file with Content-Type: text/calendar.');

    // Nor does an endpoint of documents take a file.
    const fileToDocuments = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: calendarText('D'),
    });
    expect(fileToDocuments.statusCode).toBe(415);
    expect(await ctx.db.select().from(calendars).where(eq(calendars.userId, user.id))).toEqual([]);
  });

  it('needs the CSRF token from a browser session, as every change does', async () => {
    const user = await createUser(ctx);
    const { 'x-csrf-token': _token, ...withoutToken } = await browserFor(ctx, user.id);
    const payload = calendarText('Browser');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics/file',
      headers: { ...withoutToken, 'content-type': 'text/calendar' },
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('csrf_failed');

    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics/file',
      headers: { 'content-type': 'text/calendar' },
      payload,
    });
    expect(signedOut.statusCode).toBe(401);

    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics/file',
      headers: { ...(await browserFor(ctx, user.id)), 'content-type': 'text/calendar' },
      payload,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it("reconnects the person's own imported calendar with its file, and no one else's", async () => {
    const owner = await createUser(ctx);
    const calendar = await createIcsCalendar(ctx, owner, { name: 'Imported' });
    const reconnect = async (userId: string, id = calendar.id) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/calendars/${id}/reconnect/file`,
        headers: await fileHeaders(userId),
        payload: calendarText('Imported'),
      });

    const stranger = await createUser(ctx);
    expect((await reconnect(stranger.id)).statusCode).toBe(404);

    const mended = await reconnect(owner.id);
    expect(mended.statusCode).toBe(200);
    expect(mended.json().data.id).toBe(calendar.id);
    const [stored] = await ctx.db
      .select({ needsPermission: calendars.needsPermission })
      .from(calendars)
      .where(eq(calendars.id, calendar.id));
    expect(stored?.needsPermission).toBe(false);

    const [caldav] = await ctx.db
      .insert(calendars)
      .values({ userId: owner.id, provider: 'caldav', externalId: 'https://dav.example/cal/', name: 'Dav' })
      .returning();
    const wrongKind = await reconnect(owner.id, caldav!.id);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors[0].detail).toBe('Only a calendar imported from a file is sent a file.');
  });
});
