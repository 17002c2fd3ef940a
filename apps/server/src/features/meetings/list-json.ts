import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds, Z), so both presenters agree. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const items = (table: string, fields: SQL) => sql`coalesce((
  select json_agg(json_build_object(${fields}) order by i.position, i.created_at)
    from ${sql.raw(`"${table}"`)} i
   where i.meeting_id = m.id and i.status <> 'deleted'), '[]'::json)`;

const ITEM_COMMON = sql`'id', i.id, 'meeting_id', i.meeting_id, 'description', i.description`;

/**
 * The meetings of a period as the API's `data` array, built by PostgreSQL in one statement: one row of JSON
 * text, passed to the client without being parsed and serialised again in JavaScript. The same attributes,
 * in the same order, as `presentMeetings` (which serves single meetings); `list-json.test.ts` holds them
 * equal. At most `limit` meetings are read; `count` says how many were.
 */
export async function listMeetingsJson(
  pool: pg.Pool,
  userId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ count: number; data: string }> {
  // A named statement: each connection plans it once, not on every read (planning costs more than running).
  const query = dialect.sqlToQuery(meetingsListQuery(userId, from, to, limit));
  const result = await pool.query<{ count: number; data: string }>({
    name: 'meetings_list_json',
    text: query.sql,
    values: query.params,
  });
  const row = result.rows[0]!;
  return { count: row.count, data: row.data };
}

const dialect = new PgDialect();

/** The statement of listMeetingsJson. */
function meetingsListQuery(userId: string, from: Date, to: Date, limit: number): SQL {
  return sql`
    with ids as (
      -- Which meetings, in order: narrow rows, so sorting and limiting never spills to disk. The documents are
      -- built below in this order (nested loops keep it), so the final aggregate sorts nothing wide.
      select m.id, m.starts_at
        from meetings m
        join calendars c on c.id = m.calendar_id
       where m.user_id = ${userId} and c.watching
         and m.status not in ('deleted', 'cancelled')
         and m.starts_at < ${to.toISOString()}::timestamptz and m.ends_at > ${from.toISOString()}::timestamptz
         -- By start from a month before the period (an index range); longer events by their own index.
         and (m.starts_at > ${from.toISOString()}::timestamptz - interval '31 days'
              or m.ends_at - m.starts_at > interval '31 days')
       order by m.starts_at, m.id
       limit ${limit}
    ),
    docs as (
      select ids.starts_at, ids.id, json_build_object(
        'type', 'meetings',
        'id', m.id,
        -- Built from a row (to_json), not json_build_object: faster, and without a space around every colon.
        'attributes', (select to_json(attrs) from (select
          m.summary as "summary",
          m.description as "description",
          m.location as "location",
          m.conference_url as "conference_url",
          ${iso(sql`m.starts_at`)} as "starts_at",
          ${iso(sql`m.ends_at`)} as "ends_at",
          m.all_day as "all_day",
          m.recurring_meeting as "recurring_meeting",
          m.status as "status",
          m.score as "score",
          m.quality_label as "quality_label",
          e.letter_grade as "letter_grade",
          e.not_scored_reason as "not_scored_reason",
          coalesce(e.results, '{}'::json) as "results",
          coalesce(e.details_positive, '[]'::json) as "details_positive",
          coalesce(e.details_negative, '[]'::json) as "details_negative",
          coalesce(e.details_maybe, '[]'::json) as "details_maybe",
          coalesce((
            select json_agg(json_build_object(
                'email', at.email,
                'name', at.name,
                'role', case when at.organizer then 'organizer' else coalesce(at.role, 'attendee') end,
                'optional', at.optional,
                'status', at.response_status,
                'self', at.is_self
              ) order by at.organizer desc, at.email)
              from attendees at where at.meeting_id = m.id), '[]'::json) as "attendees",
          m.attendees_count as "attendees_count",
          case when m.organizer_email is null then null else json_build_object(
            'email', m.organizer_email, 'domain', m.organizer_domain, 'name', m.organizer_name) end as "organizer_email",
          m.response_status as "response_status",
          m.user_optional as "user_optional",
          m.cost as "cost",
          m.duration_seconds as "duration",
          m.intention as "intention",
          m.category as "category",
          m.skip_evaluation as "skip_evaluation",
          coalesce(m.maybe_wellness_block = 'true', false) as "wellness_blockable",
          m.wellness_block_id as "wellness_block_id",
          b.category as "wellness_block_category",
          m.maybe_wellness_block as "maybe_wellness_block",
          m.maybe_wellness_block_category as "maybe_wellness_block_category",
          m.event_report_card_id as "event_report_card_id",
          case when a.status in ('scheduled', 'done') then a.action
                                        else m.non_compliance_action end as "non_compliance_action",
          a.status as "action_status",
          m.compliant as "compliant",
          ${iso(sql`coalesce(a.compliance_deadline, m.compliance_deadline)`)} as "compliance_deadline",
          m.edit_permission as "edit_permission",
          m.edit_permission as "metadata_importable",
          m.calendar_id as "calendar_id",
          ${items(
            'agenda_items',
            sql`${ITEM_COMMON}, 'duration_in_mins', i.duration_in_mins, 'position', i.position,
              'status', i.status, 'source', i.source, 'owner_name', i.owner_name, 'owner_id', i.owner_id,
              'time_spent_in_secs', i.time_spent_in_secs, 'started_at', ${iso(sql`i.started_at`)},
              'ended_at', ${iso(sql`i.ended_at`)}`,
          )} as "agenda_items",
          ${items(
            'objectives',
            sql`${ITEM_COMMON}, 'position', i.position, 'status', i.status, 'source', i.source`,
          )} as "objectives",
          ${items(
            'prework_items',
            sql`${ITEM_COMMON}, 'url', i.url, 'timebox', i.timebox, 'position', i.position,
              'status', i.status, 'source', i.source`,
          )} as "prework_items"
        ) attrs)
      ) as doc
      from ids
      join meetings m on m.id = ids.id
      -- The evaluation is json text: parsed once here rather than once per attribute taken from it.
      left join lateral json_to_record(m.evaluation) as e(letter_grade text, not_scored_reason text,
        results json, details_positive json, details_negative json, details_maybe json) on true
      left join lateral (select a.status, a.action, a.compliance_deadline
                           from actions a where a.meeting_id = m.id) a on true
      left join lateral (select b.category from wellness_blocks b where b.id = m.wellness_block_id) b on true
    )
    select (select count(*)::int from ids) as count,
           coalesce((select json_agg(doc order by starts_at, id) from docs), '[]'::json)::text as data`;
}
