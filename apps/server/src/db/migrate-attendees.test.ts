import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEES_KEPT } from '../features/calendars/sync/attendee-list';
import { databaseBefore } from '../test/database-before';
import { runMigrations } from './migrate';

/** A database as the release before migration 0017 left it: its attendees in a table of their own. */
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ pool, close } = await databaseBefore('0017'));
});
afterAll(() => close());

describe('migration 0017: attendees onto their meeting', () => {
  it('keeps every meeting’s attendees, as the API showed them, the organizer first', async () => {
    const { rows } = await pool.query<{ meeting: string; bare: string }>(`
      with u as (insert into users (email, domain, affiliate_token)
                 values ('ada@acme.example', 'acme.example', 'before-0017') returning id),
           c as (insert into calendars (user_id, provider, external_id, name)
                 select id, 'ics', 'work', 'Work' from u returning id, user_id),
           m as (insert into meetings (user_id, calendar_id, provider_event_id, event_key, starts_at, ends_at)
                 select user_id, id, unnest(array['with', 'without']), unnest(array['k1', 'k2']),
                        now(), now() + interval '1 hour' from c
                 returning id, provider_event_id)
      select (select id from m where provider_event_id = 'with') as meeting,
             (select id from m where provider_event_id = 'without') as bare`);
    const { meeting, bare } = rows[0]!;
    await pool.query(
      `insert into attendees (meeting_id, email, name, optional, organizer, is_self, response_status, role)
       values ($1, 'zed@acme.example', null, false, false, false, 'declined', null),
              ($1, 'ada@acme.example', 'Ada', true, false, true, 'accepted', 'req-participant'),
              ($1, 'Boss@acme.example', 'Boss', false, true, false, 'accepted', null),
              ($1, 'amy@acme.example', null, false, false, false, 'needsAction', null)`,
      [meeting],
    );

    // A company-wide event: 500 invitees, of whom the row keeps 200 (the organizer among them).
    const { rows: big } = await pool.query<{ id: string }>(
      `insert into meetings (user_id, calendar_id, provider_event_id, event_key, starts_at, ends_at)
       select user_id, calendar_id, 'all-hands', 'k3', starts_at, ends_at from meetings where id = $1 returning id`,
      [meeting],
    );
    await pool.query(
      `insert into attendees (meeting_id, email, organizer, response_status)
       select $1::uuid, 'p' || lpad(g::text, 3, '0') || '@acme.example', false, 'needsAction' from generate_series(1, 499) g
       union all select $1::uuid, 'zz-ceo@acme.example', true, 'accepted'`,
      [big[0]!.id],
    );

    await runMigrations({ db: drizzle(pool), pool });

    const after = await pool.query<{ id: string; attendees: unknown }>(
      'select id, attendees from meetings order by provider_event_id desc',
    );
    expect(after.rows.find((r) => r.id === meeting)!.attendees).toEqual([
      {
        email: 'Boss@acme.example',
        name: 'Boss',
        role: 'organizer',
        optional: false,
        status: 'accepted',
        self: false,
      },
      {
        email: 'ada@acme.example',
        name: 'Ada',
        role: 'req-participant',
        optional: true,
        status: 'accepted',
        self: true,
      },
      {
        email: 'amy@acme.example',
        name: null,
        role: 'attendee',
        optional: false,
        status: 'needsAction',
        self: false,
      },
      {
        email: 'zed@acme.example',
        name: null,
        role: 'attendee',
        optional: false,
        status: 'declined',
        self: false,
      },
    ]);
    expect(after.rows.find((r) => r.id === bare)!.attendees).toEqual([]);
    const allHands = after.rows.find((r) => r.id === big[0]!.id)!.attendees as { email: string }[];
    expect(allHands).toHaveLength(ATTENDEES_KEPT);
    expect(allHands.map((a) => a.email).slice(0, 3)).toEqual([
      'zz-ceo@acme.example',
      'p001@acme.example',
      'p002@acme.example',
    ]);
    const table = await pool.query("select to_regclass('public.attendees') as t");
    expect(table.rows[0].t).toBeNull();
  });
});
