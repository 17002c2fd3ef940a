import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type ColumnKind, isoColumn, MEETING_ATTRIBUTE_LIST } from './meeting-attributes';

/** A meeting's live items as a JSON array (null without any), looked up by its index. */
const items = (table: string, fields: string) => `select json_agg(json_build_object(${fields})
      order by i.position, i.created_at) as list
    from "${table}" i
   where i.meeting_id = m.id and i.status <> 'deleted'`;

const ITEM_COMMON = `'id', i.id, 'meeting_id', i.meeting_id, 'description', i.description`;

/**
 * The meetings of a period as the API's `data` array: PostgreSQL reads each meeting's columns (its
 * attendees among them) and its items (small JSON arrays), and this module writes the documents around them as text, column by
 * column, without building an object per meeting or parsing any JSON again. Building the whole document in
 * SQL (json_build_object over 40 columns a meeting) cost three times the query itself. The attributes, their
 * order and columns come from meeting-attributes.ts, which `presentMeetings` (single meetings) reads too;
 * `list-json.test.ts` checks both give the same documents. At most `limit` meetings are read; `count` says
 * how many were.
 */
export async function listMeetingsJson(
  pool: pg.Pool,
  userId: string,
  from: Date,
  to: Date,
  limit: number,
  /** The document's `meta`, as JSON: the whole document is written in one piece, never the array and then a copy. */
  meta: string,
): Promise<{ count: number; body: Buffer }> {
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
  // Sent as bytes, encoded once here: a string body is measured (Content-Length) and then encoded again,
  // two passes over megabytes of text for a busy period.
  return { count: result.rows.length, body: Buffer.from(writeDocument(result.rows, meta)) };
}

const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/** Each attribute's key as it is written before its value (`,"name":`; the first without the comma). */
const KEYS = MEETING_ATTRIBUTE_LIST.map(([name], i) => `${i === 0 ? '' : ','}${JSON.stringify(name)}:`);
const KINDS = MEETING_ATTRIBUTE_LIST.map(([, attribute]) => attribute.kind);

function value(kind: ColumnKind, raw: string | null): string {
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

/**
 * The document `{"data":[…],"meta":…}`: each row is the meeting's id, then its attributes in MEETING_ATTRIBUTES'
 * order.
 */
function writeDocument(rows: (string | null)[][], meta: string): string {
  // Appended piece by piece to one string: V8 links the pieces and copies them once, when the body is first
  // written out. A third of the time of collecting the pieces in a list and joining it (300,000 pieces for a
  // busy period), for the same peak heap.
  let document = '{"data":[';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    document += r === 0 ? '{"type":"meetings","id":' : ',{"type":"meetings","id":';
    document += `${JSON.stringify(row[0])},"attributes":{`;
    for (let i = 0; i < KEYS.length; i++) document += KEYS[i]! + value(KINDS[i]!, row[i + 1] ?? null);
    document += '}}';
  }
  return `${document}],"meta":${meta}}`;
}

const dialect = new PgDialect();

/** The statement of listMeetingsJson: per meeting, its id and then the columns of MEETING_ATTRIBUTES. */
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
    )
    select m.id, ${sql.raw(MEETING_ATTRIBUTE_LIST.map(([, attribute]) => attribute.column).join(',\n      '))}
      from ids
      join meetings m on m.id = ids.id
      -- The evaluation is json text: parsed once here rather than once per attribute taken from it.
      left join lateral json_to_record(m.evaluation) as e(letter_grade text, not_scored_reason text,
        results json, details_positive json, details_negative json, details_maybe json) on true
      left join lateral (select a.status, a.action, a.compliance_deadline
                           from actions a where a.meeting_id = m.id) a on true
      left join lateral (select b.category from wellness_blocks b where b.id = m.wellness_block_id) b on true
      ${sql.raw(CHILD_LISTS)}
     order by ids.starts_at, ids.id`;
}

/**
 * Each listed meeting's live items, as JSON arrays: looked up meeting by meeting through their indexes, in the
 * order of the listed ids (nested loops keep it, so nothing wide is sorted). Aggregating them over all the
 * listed ids at once read the whole items tables instead.
 */
const CHILD_LISTS = `left join lateral (${items(
  'agenda_items',
  `${ITEM_COMMON}, 'duration_in_mins', i.duration_in_mins, 'position', i.position,
          'status', i.status, 'source', i.source, 'owner_name', i.owner_name, 'owner_id', i.owner_id,
          'time_spent_in_secs', i.time_spent_in_secs, 'started_at', ${isoColumn('i.started_at')},
          'ended_at', ${isoColumn('i.ended_at')}`,
)}) ag on true
      left join lateral (${items('objectives', `${ITEM_COMMON}, 'position', i.position, 'status', i.status, 'source', i.source`)}) ob on true
      left join lateral (${items(
        'prework_items',
        `${ITEM_COMMON}, 'url', i.url, 'timebox', i.timebox, 'position', i.position,
          'status', i.status, 'source', i.source`,
      )}) pw on true`;
