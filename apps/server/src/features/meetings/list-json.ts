import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds, Z), so both presenters agree. */
function iso(column: string) {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The live items of every listed meeting, one row per meeting: aggregated once over all the listed ids (a
 * hash join), rather than looked up meeting by meeting.
 */
const items = (table: string, fields: string) => `select i.meeting_id, json_agg(json_build_object(${fields})
      order by i.position, i.created_at) as list
    from "${table}" i
   where i.meeting_id in (select id from ids) and i.status <> 'deleted'
   group by i.meeting_id`;

const ITEM_COMMON = `'id', i.id, 'meeting_id', i.meeting_id, 'description', i.description`;

/**
 * The meetings of a period as the API's `data` array: PostgreSQL reads each meeting's columns and its
 * attendees and items (small JSON arrays), and this module writes the documents around them as text, column by
 * column, without building an object per meeting or parsing any JSON again. Building the whole document in
 * SQL (json_build_object over 40 columns a meeting) cost three times the query itself. The same attributes,
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
  const result = await pool.query<string[]>({
    name: 'meetings_list_columns',
    text: query.sql,
    values: query.params,
    rowMode: 'array',
    // Every value as PostgreSQL wrote it: JSON is passed on as text, numbers and booleans written as JSON.
    types: RAW_TEXT,
  });
  return { count: result.rows.length, data: writeDocuments(result.rows) };
}

const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/** How each selected column is written into the document (in the order of the statement's columns). */
type Kind = 'text' | 'number' | 'boolean' | 'json';

/** The attributes, in the presenter's order, and the kind of each column; the id comes first. */
const ATTRIBUTES: readonly (readonly [name: string, kind: Kind, column: string])[] = [
  ['summary', 'text', 'm.summary'],
  ['description', 'text', 'm.description'],
  ['location', 'text', 'm.location'],
  ['conference_url', 'text', 'm.conference_url'],
  ['starts_at', 'text', iso('m.starts_at')],
  ['ends_at', 'text', iso('m.ends_at')],
  ['all_day', 'boolean', 'm.all_day'],
  ['recurring_meeting', 'boolean', 'm.recurring_meeting'],
  ['status', 'text', 'm.status'],
  ['score', 'number', 'm.score'],
  ['quality_label', 'text', 'm.quality_label'],
  ['letter_grade', 'text', 'e.letter_grade'],
  ['not_scored_reason', 'text', 'e.not_scored_reason'],
  ['results', 'json', "coalesce(e.results, '{}'::json)"],
  ['details_positive', 'json', "coalesce(e.details_positive, '[]'::json)"],
  ['details_negative', 'json', "coalesce(e.details_negative, '[]'::json)"],
  ['details_maybe', 'json', "coalesce(e.details_maybe, '[]'::json)"],
  ['attendees', 'json', "coalesce(att.list, '[]'::json)"],
  ['attendees_count', 'number', 'm.attendees_count'],
  [
    'organizer_email',
    'json',
    `case when m.organizer_email is null then null else json_build_object(
      'email', m.organizer_email, 'domain', m.organizer_domain, 'name', m.organizer_name) end`,
  ],
  ['response_status', 'text', 'm.response_status'],
  ['user_optional', 'boolean', 'm.user_optional'],
  ['cost', 'number', 'm.cost'],
  ['duration', 'number', 'm.duration_seconds'],
  ['intention', 'text', 'm.intention'],
  ['category', 'text', 'm.category'],
  ['skip_evaluation', 'boolean', 'm.skip_evaluation'],
  ['wellness_blockable', 'boolean', "coalesce(m.maybe_wellness_block = 'true', false)"],
  ['wellness_block_id', 'text', 'm.wellness_block_id'],
  ['wellness_block_category', 'text', 'b.category'],
  ['maybe_wellness_block', 'text', 'm.maybe_wellness_block'],
  ['maybe_wellness_block_category', 'text', 'm.maybe_wellness_block_category'],
  ['event_report_card_id', 'text', 'm.event_report_card_id'],
  [
    'non_compliance_action',
    'text',
    "case when a.status in ('scheduled', 'done') then a.action else m.non_compliance_action end",
  ],
  ['action_status', 'text', 'a.status'],
  ['compliant', 'boolean', 'm.compliant'],
  ['compliance_deadline', 'text', iso('coalesce(a.compliance_deadline, m.compliance_deadline)')],
  ['edit_permission', 'boolean', 'm.edit_permission'],
  ['metadata_importable', 'boolean', 'm.edit_permission'],
  ['calendar_id', 'text', 'm.calendar_id'],
  ['agenda_items', 'json', "coalesce(ag.list, '[]'::json)"],
  ['objectives', 'json', "coalesce(ob.list, '[]'::json)"],
  ['prework_items', 'json', "coalesce(pw.list, '[]'::json)"],
];

/** Each attribute's key as it is written before its value (`,"name":`; the first without the comma). */
const KEYS = ATTRIBUTES.map(([name], i) => `${i === 0 ? '' : ','}${JSON.stringify(name)}:`);
const KINDS = ATTRIBUTES.map(([, kind]) => kind);

function value(kind: Kind, raw: string | null): string {
  if (raw === null) return 'null';
  switch (kind) {
    case 'text':
      return JSON.stringify(raw);
    case 'boolean':
      return raw === 't' ? 'true' : 'false';
    default:
      // A number or JSON as PostgreSQL wrote it is JSON already.
      return raw;
  }
}

/** The `data` array: each row is the meeting's id, then its attributes in ATTRIBUTES' order. */
function writeDocuments(rows: (string | null)[][]): string {
  const parts: string[] = [];
  for (const row of rows) {
    let doc = `{"type":"meetings","id":${JSON.stringify(row[0])},"attributes":{`;
    for (let i = 0; i < KEYS.length; i++) doc += KEYS[i] + value(KINDS[i]!, row[i + 1] ?? null);
    parts.push(`${doc}}}`);
  }
  return `[${parts.join(',')}]`;
}

const dialect = new PgDialect();

/** The statement of listMeetingsJson: per meeting, its id and then the columns of ATTRIBUTES. */
function meetingsListQuery(userId: string, from: Date, to: Date, limit: number): SQL {
  return sql`
    with ids as (
      -- Which meetings, in order: narrow rows, so sorting and limiting never spills to disk.
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
    ${sql.raw(CHILD_LISTS)}
    select m.id, ${sql.raw(ATTRIBUTES.map(([, , column]) => column).join(',\n      '))}
      from ids
      join meetings m on m.id = ids.id
      -- The evaluation is json text: parsed once here rather than once per attribute taken from it.
      left join lateral json_to_record(m.evaluation) as e(letter_grade text, not_scored_reason text,
        results json, details_positive json, details_negative json, details_maybe json) on true
      left join lateral (select a.status, a.action, a.compliance_deadline
                           from actions a where a.meeting_id = m.id) a on true
      left join lateral (select b.category from wellness_blocks b where b.id = m.wellness_block_id) b on true
      left join att on att.meeting_id = m.id
      left join ag on ag.meeting_id = m.id
      left join ob on ob.meeting_id = m.id
      left join pw on pw.meeting_id = m.id
     order by ids.starts_at, ids.id`;
}

/** Each listed meeting's attendees and live items, as JSON arrays. */
const CHILD_LISTS = `att as (
      select at.meeting_id, json_agg(json_build_object(
          'email', at.email,
          'name', at.name,
          'role', case when at.organizer then 'organizer' else coalesce(at.role, 'attendee') end,
          'optional', at.optional,
          'status', at.response_status,
          'self', at.is_self
        ) order by at.organizer desc, at.email) as list
        from attendees at
       where at.meeting_id in (select id from ids)
       group by at.meeting_id
    ),
    ag as (${items(
      'agenda_items',
      `${ITEM_COMMON}, 'duration_in_mins', i.duration_in_mins, 'position', i.position,
        'status', i.status, 'source', i.source, 'owner_name', i.owner_name, 'owner_id', i.owner_id,
        'time_spent_in_secs', i.time_spent_in_secs, 'started_at', ${iso('i.started_at')},
        'ended_at', ${iso('i.ended_at')}`,
    )}),
    ob as (${items('objectives', `${ITEM_COMMON}, 'position', i.position, 'status', i.status, 'source', i.source`)}),
    pw as (${items(
      'prework_items',
      `${ITEM_COMMON}, 'url', i.url, 'timebox', i.timebox, 'position', i.position,
        'status', i.status, 'source', i.source`,
    )})`;
