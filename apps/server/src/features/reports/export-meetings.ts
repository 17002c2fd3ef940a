/**
 * The meetings of a report scope and period, one per event, chosen as the report roll-ups choose them
 * (rollups.ts buildDays): scored, not all day (flag or ALL_DAY_HOURS or more), not cancelled or deleted, in a
 * watched calendar, starting on a local day of the period, kept by the status filter; a team's from its current
 * members' calendars (scopeSource), and of an event seen in several of them the organizer's own copy first,
 * then the copy of the member longest on the team. The export test holds that their count, score and cost
 * sums equal the reports' figures.
 */
import type { MeetingExportInput } from '@meetwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { rowsInBatches } from '../../db/cursor';
import type { StatusFilter } from './params';
import { countedMeetings, firstCopyOrder, scopeSource } from './rollup-days';
import type { ReportScope } from './scope';

type Row = {
  title: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  organizer_email: string | null;
  organizer_name: string | null;
  attendees_count: number;
  score: number | null;
  results: MeetingExportInput['results'];
};

type ExportParams = { scope: ReportScope; filter: StatusFilter; start: string; end: string };

function exportMeetingsQuery(params: ExportParams): SQL {
  const { scope, filter, start, end } = params;
  const zone = scope.timeZone;
  const source = scopeSource(scope);
  return sql`
    with picked as (
      select distinct on (m.event_key)
             m.id, m.summary as title, m.starts_at, m.ends_at, m.attendees_count, m.score,
             m.evaluation -> 'results' as results,
             lower(btrim(coalesce(m.organizer_email, ''))) as organizer,
             m.organizer_name, u.company_id as owner_company_id
      from meetings m
      join users u on u.id = m.user_id
      ${source.join}
      where ${countedMeetings({ source, first: start, last: end, zone, filter })}
      order by m.event_key, ${firstCopyOrder(source)}
    )
    select p.title, p.starts_at, p.ends_at, nullif(p.organizer, '') as organizer_email,
           coalesce(nullif(btrim(concat_ws(' ', o.first_name, o.last_name)), ''), p.organizer_name) as organizer_name,
           p.attendees_count, p.score, p.results
    from picked p
    left join users o on lower(o.email) = p.organizer and o.company_id = p.owner_company_id
    order by p.starts_at, p.id`;
}

const toExportInput = (r: Row): MeetingExportInput => ({
  title: r.title,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  organizerEmail: r.organizer_email,
  organizerName: r.organizer_name,
  attendeesCount: Number(r.attendees_count),
  score: r.score === null ? null : Number(r.score),
  results: r.results ?? null,
});

/**
 * The export's meetings in batches, as the file is sent: a big team's year is hundreds of thousands of them,
 * never whole in this process (db/cursor.ts).
 */
export async function* exportMeetingsInBatches(
  pool: pg.Pool,
  params: ExportParams,
): AsyncGenerator<MeetingExportInput[], void, undefined> {
  for await (const rows of rowsInBatches<Row>(pool, exportMeetingsQuery(params), 2_000))
    yield rows.map(toExportInput);
}
