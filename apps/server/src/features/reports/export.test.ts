import http from 'node:http';
import { CSV_BOM, MEETING_EXPORT_COLUMNS } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { reportRoutes } from './routes';
import { seedAction, seedMeeting } from './test-seed';

type UserRow = typeof users.$inferSelect;

const ZONE = 'Europe/Berlin';
const PERIOD = 'start=2025-03-01&end=2025-03-31';

let ctx: TestContext;
let app: App;
let admin: UserRow;
let member: UserRow;
let outsider: UserRow;
const headers: Record<string, Record<string, string>> = {};

const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2025, 2, day, hour, minute));

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [reportRoutes]);
  admin = await createUser(ctx, { email: 'ines@exports.example', firstName: 'Inès', timeZone: ZONE });
  member = await createUser(ctx, {
    email: 'jo@exports.example',
    firstName: 'Jo',
    timeZone: ZONE,
    companyOf: admin,
  });
  outsider = await createUser(ctx, { email: 'kim@elsewhere.example', timeZone: ZONE });
  await ctx.db.update(users).set({ annualSalary: 90_000 }).where(eq(users.id, admin.id));
  await ctx.db
    .update(companies)
    .set({ averageAnnualSalary: 70_000 })
    .where(eq(companies.id, admin.companyId!));
  for (const u of [admin, member, outsider]) headers[u.id] = await bearerFor(ctx, u.id);

  const first = await seedMeeting(ctx, admin, {
    summary: '=HYPERLINK("http://evil.example","Quarterly, \'big\' review")',
    startsAt: at(3, 9),
    endsAt: at(3, 10, 15),
    attendeesCount: 7,
    score: 62,
    focusConflict: true,
    scheduledLate: false,
  });
  await seedMeeting(ctx, admin, {
    summary: 'Café planning',
    startsAt: at(5, 16),
    endsAt: at(5, 16, 45),
    score: 91,
    intention: 'planning',
  });
  // One event in both calendars: the team counts it once (the organizer's copy).
  await seedMeeting(ctx, admin, {
    summary: 'Shared',
    eventKey: 'shared-1',
    startsAt: at(12, 13),
    endsAt: at(12, 14),
    score: 80,
  });
  await seedMeeting(ctx, member, {
    summary: 'Shared',
    eventKey: 'shared-1',
    organizerEmail: admin.email,
    startsAt: at(12, 13),
    endsAt: at(12, 14),
    score: 70,
  });
  await seedMeeting(ctx, member, {
    summary: '@all night call',
    startsAt: at(20, 21),
    endsAt: at(20, 23),
    attendeesCount: 12,
    score: 35,
    organizerEmail: 'dana@vendor.example',
    organizerName: 'Dana',
    recurringMeeting: true,
  });
  // An event no member organizes, in two members' calendars with different scores: the team takes the copy
  // the reports take (the member longest on the team), so the sums below agree.
  for (const [owner, score] of [
    [member, 95],
    [admin, 40],
  ] as const) {
    await seedMeeting(ctx, owner, {
      summary: 'Vendor demo',
      eventKey: 'vendor-1',
      organizerEmail: 'lee@client.example',
      startsAt: at(18, 15),
      endsAt: at(18, 16),
      score,
    });
  }
  // Left out of every figure: cancelled, all day, not scored, before the period.
  await seedMeeting(ctx, admin, {
    summary: 'Cancelled',
    status: 'cancelled',
    startsAt: at(4, 9),
    endsAt: at(4, 10),
  });
  await seedMeeting(ctx, admin, { summary: 'Offsite', allDay: true, startsAt: at(6, 0), endsAt: at(7, 0) });
  await seedMeeting(ctx, admin, { summary: 'Unscored', score: null, startsAt: at(7, 9), endsAt: at(7, 10) });
  await seedMeeting(ctx, admin, {
    summary: 'February',
    startsAt: new Date(Date.UTC(2025, 1, 27, 9)),
    endsAt: new Date(Date.UTC(2025, 1, 27, 10)),
  });
  await seedMeeting(ctx, outsider, {
    summary: 'Not yours',
    startsAt: at(3, 9),
    endsAt: at(3, 10),
    score: 10,
  });
  await seedAction(ctx, admin, first.id, { organizerEmail: admin.email, performedAt: at(2, 12) });
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const get = (user: UserRow | null, url: string) =>
  app.inject({ method: 'GET', url, headers: user ? headers[user.id] : {} });

function parseCsv(body: string): string[][] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(CSV_BOM.length), { delimiter: ',', newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data.filter((r) => !(r.length === 1 && r[0] === ''));
}

async function report(user: UserRow, kind: string, who: string) {
  const res = await get(user, `/api/v1/reports/${kind}?${PERIOD}&who=${who}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.attributes;
}

describe('GET /api/v1/reports/export/meetings.csv', () => {
  it.each(['user', 'team'])(
    'who=%s: one record per counted meeting, summing to the reports’ figures',
    async (who) => {
      const res = await get(admin, `/api/v1/reports/export/meetings.csv?${PERIOD}&who=${who}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="MeetWell_meetings_${who === 'team' ? 'team' : 'you'}_2025-03-01_2025-03-31.csv"`,
      );
      const [header, ...records] = parseCsv(res.body);
      expect(header).toEqual([...MEETING_EXPORT_COLUMNS]);
      const column = (name: string) => MEETING_EXPORT_COLUMNS.indexOf(name);
      const averages = await report(admin, 'averages', who);
      const costs = await report(admin, 'duration_and_costs', who);
      expect(records).toHaveLength(averages.rows.total);
      const sum = (name: string) => records.reduce((total, r) => total + Number(r[column(name)]), 0);
      expect(sum('Cost ($)')).toBe(costs.rows.meeting_cost_total);
      expect(sum('Duration (minutes)') * 60).toBeCloseTo(costs.rows.meeting_duration, 6);
      expect(Math.round((sum('Score') / records.length) * 100) / 100).toBe(averages.rows.average_exact);
      const titles = records.map((r) => r[column('Title')]);
      expect(titles).not.toContain('Cancelled');
      expect(titles).not.toContain('Offsite');
      expect(titles).not.toContain('Unscored');
      expect(titles).not.toContain('Not yours');
      expect(titles.filter((t) => t === 'Shared')).toHaveLength(1);
      expect(titles).toContain('Café planning');
      // A title a spreadsheet would run as a formula is text.
      expect(titles).toContain('\'=HYPERLINK("http://evil.example","Quarterly, \'big\' review")');
      const first = records.find((r) => r[column('Title')]?.includes('HYPERLINK'))!;
      expect(first[column('Start')]).toBe('2025-03-03 10:00');
      expect(first[column('End')]).toBe('2025-03-03 11:15');
      expect(first[column('Time zone')]).toBe(ZONE);
      expect(first[column('Attendees')]).toBe('7');
      expect(first[column('Grade')]).toBe('D-');
      expect(first[column('focus_block_conflict')]).toBe('fail');
      expect(first[column('last_minute_schedule')]).toBe('pass');
      expect(first[column('required_agenda')]).toBe('');
      if (who === 'team') expect(titles).toContain("'@all night call");
      else expect(titles).not.toContain("'@all night call");
    },
  );
});

describe('GET /api/v1/reports/export/meetings.csv of thousands of meetings', () => {
  it('sends every one once, in order, read in batches, and ends its cursor’s transaction', async () => {
    // 4,500 meetings of May, 9 minutes apart: a file read in three batches.
    await seedMeetingsOf(outsider, { name: 'May', from: '2025-05-01 06:00Z', count: 4_500, everyMinutes: 9 });
    const res = await get(
      outsider,
      '/api/v1/reports/export/meetings.csv?start=2025-05-01&end=2025-05-31&who=user',
    );
    expect(res.statusCode).toBe(200);
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual([...MEETING_EXPORT_COLUMNS]);
    const titles = records.map((r) => r[MEETING_EXPORT_COLUMNS.indexOf('Title')]);
    expect(titles).toEqual(Array.from({ length: 4_500 }, (_, i) => `May ${i}`));
    expect(await stillReading()).toBe(0);
  });
});

describe('GET /api/v1/reports/export/meetings.csv cut short', () => {
  it('a download stopped after its first part ends the reading and its transaction', async () => {
    // 12,000 meetings of June, 3 minutes apart: the file is still being read when its first part arrives.
    await seedMeetingsOf(outsider, {
      name: 'June',
      from: '2025-06-01 06:00Z',
      count: 12_000,
      everyMinutes: 3,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/v1/reports/export/meetings.csv?start=2025-06-01&end=2025-06-30&who=user`;
    const firstPart = await new Promise<string>((resolve, reject) => {
      const request = http.get(url, { headers: headers[outsider.id] }, (response) => {
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve(chunk.toString('utf8'));
        });
      });
      request.on('error', reject);
    });
    expect(firstPart.startsWith(CSV_BOM)).toBe(true);
    expect(await stillReading()).toBe(0);
  });

  it('a download given up before its answer started ends the reading and its transaction too', async () => {
    const address = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}/api/v1/reports/export/meetings.csv?start=2025-06-01&end=2025-06-30&who=user`;
    for (const waitMs of [0, 5, 20, 60]) {
      const request = http.get(url, { headers: headers[outsider.id] });
      request.on('error', () => {});
      await new Promise((r) => setTimeout(r, waitMs));
      request.destroy();
    }
    expect(await stillReading()).toBe(0);
  });
});

/**
 * Connections still reading a file: a cursor's transaction left open, or one taken from the pool and never
 * given back. Waited for a while (a report build of an earlier test may hold one for a moment).
 */
async function stillReading() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%' and query like 'fetch forward%'`,
    );
    const left = rows[0]!.n + (ctx.pool.totalCount - ctx.pool.idleCount);
    if (left === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /api/v1/reports/export/report.csv', () => {
  it('holds the figures the report endpoints answer (what the screen and the PDF show)', async () => {
    const res = await get(member, `/api/v1/reports/export/report.csv?${PERIOD}&who=team`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = parseCsv(res.body);
    expect(new Set(records.map((r) => r.length)).size).toBe(1);
    expect(records[0]?.[0]).toBe('MeetWell team review');
    const figure = (label: string) => records.find((r) => r[0] === label)?.[1];
    const averages = await report(member, 'averages', 'team');
    const costs = await report(member, 'duration_and_costs', 'team');
    const details = await report(member, 'duration_and_cost_details', 'team');
    const overtime = await report(member, 'overtime', 'team');
    const nudges = await report(member, 'num_past_actions_by', 'team');
    expect(Number(figure('Average score'))).toBe(averages.rows.average);
    expect(Number(figure('Meetings'))).toBe(averages.rows.total);
    expect(Number(figure('Meeting cost ($)'))).toBe(costs.rows.meeting_cost_total);
    expect(Number(figure('Cost per meeting ($)'))).toBe(costs.rows.ave_cost_per_meeting);
    expect(Number(figure('Annual salary ($)'))).toBe(70_000);
    expect(Number(figure('Outside work hours (hours)'))).toBe(overtime.rows.overtime_hours);
    expect(Number(figure('Nudges sent'))).toBe(nudges.total);
    expect(figure('Compliant meetings (%)')).toBe('not applicable');
    const organizers = records.slice(records.findIndex((r) => r[0] === 'All organizers') + 2);
    expect(organizers.map((r) => r[1])).toEqual(
      details.rows.organizers.map((o: { email: string }) => o.email),
    );
    expect(organizers.map((r) => Number(r[6]))).toEqual(
      details.rows.organizers.map((o: { cost: number }) => o.cost),
    );
  });

  it('is your own report with who=user, costed at your salary', async () => {
    const res = await get(admin, `/api/v1/reports/export/report.csv?${PERIOD}&who=user`);
    const records = parseCsv(res.body);
    expect(records[0]?.[0]).toBe('MeetWell review');
    expect(records.find((r) => r[0] === 'Annual salary ($)')?.[1]).toBe('90000');
    expect(records.find((r) => r[0] === 'Meetings')?.[1]).toBe('4');
  });
});

describe('export access', () => {
  const routes = ['/api/v1/reports/export/meetings.csv', '/api/v1/reports/export/report.csv'];

  it.each(routes)(
    '%s: signed out 401, a member’s data only for the team’s admins, another company’s 404',
    async (route) => {
      expect((await get(null, `${route}?${PERIOD}`)).statusCode).toBe(401);
      expect((await get(admin, `${route}?${PERIOD}&who=user&user=${member.id}`)).statusCode).toBe(200);
      const refused = await get(member, `${route}?${PERIOD}&who=user&user=${admin.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toContain('application/vnd.api+json');
      expect((await get(outsider, `${route}?${PERIOD}&who=user&user=${admin.id}`)).statusCode).toBe(404);
      expect(
        (await get(outsider, `${route}?${PERIOD}&who=group&group_id=${admin.companyId}`)).statusCode,
      ).toBe(404);
      // The outsider's own team is theirs alone: none of this company's meetings.
      const own = await get(outsider, `${route}?${PERIOD}&who=team`);
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain('Shared');
    },
  );

  it.each(routes)('%s: bad input is a JSON:API error, not a 500', async (route) => {
    for (const query of [
      'start=nope&end=2025-03-31',
      'start=2025-03-31&end=2025-03-01',
      `${PERIOD}&byAttendeeStatus=maybe`,
    ]) {
      const res = await get(admin, `${route}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].status).toBe('400');
    }
  });
});

/**
 * `count` scored half-hour meetings of the user titled '<name> 0', '<name> 1'…, `everyMinutes` apart from
 * `from`: the first seeded as the tests seed (it makes the calendar), the rest in one statement.
 */
async function seedMeetingsOf(
  user: UserRow,
  { name, from, count, everyMinutes }: { name: string; from: string; count: number; everyMinutes: number },
) {
  const start = new Date(from);
  const seeded = await seedMeeting(ctx, user, {
    summary: `${name} 0`,
    startsAt: start,
    endsAt: new Date(start.getTime() + 30 * 60_000),
    score: 70,
  });
  await ctx.pool.query(
    `insert into meetings (user_id, company_id, calendar_id, provider_event_id, event_key, summary, starts_at,
                           ends_at, status, organizer_email, attendees_count, score, duration_seconds)
     select $1, null, $2, $3 || '-' || i, $3 || '-' || i, $3 || ' ' || i,
            $4::timestamptz + i * make_interval(mins => $5),
            $4::timestamptz + i * make_interval(mins => $5) + interval '30 minutes', 'confirmed', $6, 2, 70, 1800
     from generate_series(1, $7::int - 1) i`,
    [user.id, seeded.calendarId, name, start.toISOString(), everyMinutes, user.email, count],
  );
}
