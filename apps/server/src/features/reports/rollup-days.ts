/**
 * What a built day holds (see rollups.ts): the meetings a report counts, whose copies a scope reads, and the
 * statement that builds a chunk of days into report_days and report_day_groups.
 */
import {
  ALL_DAY_HOURS,
  GOOD_SCORE_THRESHOLD,
  MINUTE_MS,
  OVERTIME_WORKDAY,
  WORK_HOURS_PER_YEAR,
} from '@meetwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { StatusFilter } from './params';
import type { ReportScope } from './scope';

const DAY_MS = 86_400_000;

type Executor = Pick<Database, 'execute'>;

/**
 * The meetings a report counts (docs/adr/0031-what-a-report-counts.md, "What a report counts"), as `m` joined to the scope's
 * source: in a watched calendar, starting on a local day from `first` to `last` in `zone`, not cancelled or
 * deleted, scored, not all day (flag, or 6 hours and more), answered as the status filter keeps. The roll-ups
 * and the meetings export both read it, so the CSV holds exactly the meetings the figures sum.
 */
export function countedMeetings(params: {
  source: ReturnType<typeof scopeSource>;
  first: string;
  last: string;
  zone: string;
  filter: StatusFilter;
}): SQL {
  const { source, first, last, zone, filter } = params;
  const statusCondition = filter.statuses
    ? sql`and coalesce(m.response_status, 'needsAction') = any(${sql.param(filter.statuses)}::text[])`
    : sql``;
  return sql`${source.where}
        and exists (select 1 from calendars wc where wc.id = m.calendar_id and wc.watching)
        and m.starts_at >= (${first}::date::timestamp at time zone ${zone})
        and m.starts_at < ((${last}::date + 1)::timestamp at time zone ${zone})
        and m.status not in ('cancelled', 'deleted')
        and m.score is not null
        and not m.all_day
        and m.ends_at > m.starts_at
        and m.ends_at - m.starts_at < make_interval(hours => ${ALL_DAY_HOURS})
        ${statusCondition}`;
}

/**
 * Whose copies a scope reads: the user's, or those of the company's current members (packages/domain
 * reports/membership.ts): memberships decide, not meetings.company_id, so a member who left counts in no
 * period and one who joined in all of them. member_since orders the copies of an event no member organizes
 * (the member longest on the team first, then the smallest user id: the domain's rankTeamMembers).
 */
export function scopeSource(scope: ReportScope): { join: SQL; where: SQL; memberSince: SQL } {
  if (scope.type === 'user')
    return { join: sql``, where: sql`m.user_id = ${scope.userId}`, memberSince: sql`null::timestamptz` };
  // meetings.company_id (every move sets it with the membership, in one transaction) narrows the read to the
  // team's index; the membership decides.
  return {
    join: sql`join memberships mb on mb.user_id = m.user_id and mb.company_id = ${scope.companyId}`,
    where: sql`m.company_id = ${scope.companyId}`,
    memberSince: sql`date_trunc('milliseconds', mb.created_at)`,
  };
}

/**
 * Which copy of an event a report counts, as an ORDER BY after `m.event_key` over `meetings m` joined to its
 * owner `users u` and the scope's source: the organizer's own copy, else the member's longest on the team,
 * then the smallest user id. buildDays orders its own columns the same way; the meetings export and the
 * period suggestions use this.
 */
export function firstCopyOrder(source: ReturnType<typeof scopeSource>): SQL {
  return sql`lower(btrim(coalesce(m.organizer_email, ''))) = lower(u.email) desc, ${source.memberSince}, m.user_id, m.id`;
}

/**
 * One statement per chunk: the reportable meetings of the days, one per event, then the day totals and the
 * organizer / intention / category groups, inserted together. Longer than 80 lines for a reason: it is one SQL
 * statement (a chain of CTEs), which reads best whole.
 */
export async function buildDays(
  db: Executor,
  params: { scopeId: string; scope: ReportScope; filter: StatusFilter; days: string[] },
) {
  const { scopeId, scope, filter, days } = params;
  const zone = scope.timeZone;
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const costDivisor = 3600 * WORK_HOURS_PER_YEAR;
  const workdayStartMs = OVERTIME_WORKDAY.start * MINUTE_MS;
  const workdayEndMs = OVERTIME_WORKDAY.end * MINUTE_MS;
  const salary = scope.annualSalary;
  const source = scopeSource(scope);
  await db.execute(sql`
    with src as (
      select m.id, m.user_id, m.event_key, m.starts_at, m.ends_at, m.score, m.attendees_count, m.intention,
             m.recurring_meeting, m.compliant,
             (m.evaluation -> 'results' -> 'focus_block_conflict' ->> 'score') = '0' as focus_conflict,
             (m.evaluation -> 'results' -> 'last_minute_schedule' ->> 'score') = '0' as scheduled_late,
             lower(btrim(coalesce(m.organizer_email, ''))) as organizer,
             m.organizer_name,
             lower(btrim(coalesce(m.organizer_email, ''))) = lower(u.email) as is_organizer,
             u.company_id as owner_company_id,
             ${source.memberSince} as member_since
      from meetings m
      join users u on u.id = m.user_id
      ${source.join}
      where ${countedMeetings({ source, first, last, zone, filter })}
    ),
    picked as (
      select distinct on (event_key) * from src
      order by event_key, is_organizer desc, member_since, user_id, id
    ),
    rows as (
      select (p.starts_at at time zone ${zone})::date as day,
             p.score,
             p.score >= ${GOOD_SCORE_THRESHOLD} as good,
             p.attendees_count,
             p.organizer,
             coalesce(nullif(btrim(concat_ws(' ', o.first_name, o.last_name)), ''), p.organizer_name) as organizer_name,
             o.profile_image,
             coalesce(nullif(p.intention, ''), 'none') as intention,
             case when p.recurring_meeting then 'recurring' else 'single' end as category,
             p.compliant,
             p.focus_conflict,
             p.scheduled_late,
             w.seconds,
             case when w.seconds > 0 and p.attendees_count > 0 and ${salary}::bigint > 0
               then round(w.seconds::numeric * p.attendees_count * ${salary}::bigint / ${costDivisor})::bigint
               else 0 end as cost,
             w.len_ms - ins.inside_ms as outside_ms
      from picked p
      left join users o on lower(o.email) = p.organizer and o.company_id = p.owner_company_id
      cross join lateral (
        select round(extract(epoch from (p.ends_at - p.starts_at))::float8)::bigint as seconds,
               extract(epoch from (p.starts_at at time zone ${zone}))::float8 * 1000 as ws_ms,
               extract(epoch from (p.ends_at - p.starts_at))::float8 * 1000 as len_ms
      ) w
      cross join lateral (select floor(w.ws_ms / ${DAY_MS}::float8) as d0) d
      -- Meetings are shorter than ALL_DAY_HOURS, so they touch at most two local days.
      cross join lateral (
        select
          (case when mod(mod(d.d0::bigint + 4, 7) + 7, 7) not in (0, 6)
             then greatest(0, least(w.ws_ms + w.len_ms, d.d0 * ${DAY_MS} + ${workdayEndMs})
                            - greatest(w.ws_ms, d.d0 * ${DAY_MS} + ${workdayStartMs}))
             else 0 end)
          + (case when (d.d0 + 1) * ${DAY_MS} < w.ws_ms + w.len_ms and mod(mod(d.d0::bigint + 5, 7) + 7, 7) not in (0, 6)
             then greatest(0, least(w.ws_ms + w.len_ms, (d.d0 + 1) * ${DAY_MS} + ${workdayEndMs})
                            - greatest(w.ws_ms, (d.d0 + 1) * ${DAY_MS} + ${workdayStartMs}))
             else 0 end) as inside_ms
      ) ins
    ),
    kept as (
      select * from rows where day = any(${sql.param(days)}::date[])
    ),
    -- Every member's own copy, before one copy per event is picked: the team's time per member.
    member_days as (
      select (s.starts_at at time zone ${zone})::date as day,
             sum(round(extract(epoch from (s.ends_at - s.starts_at))::float8)::bigint) as member_seconds
      from src s group by 1
    ),
    day_totals as (
      insert into report_days (scope_id, filter, day, meetings, score_sum, good, seconds, cost, attendees_sum,
                               focus_conflicts, scheduled_late, compliant, non_compliant, overtime_meetings, overtime_ms,
                               member_seconds)
      select ${scopeId}::uuid, ${filter.key}::text, d.day,
             coalesce(a.meetings, 0), coalesce(a.score_sum, 0), coalesce(a.good, 0), coalesce(a.seconds, 0),
             coalesce(a.cost, 0), coalesce(a.attendees_sum, 0), coalesce(a.focus_conflicts, 0),
             coalesce(a.scheduled_late, 0), coalesce(a.compliant, 0), coalesce(a.non_compliant, 0),
             coalesce(a.overtime_meetings, 0), coalesce(a.overtime_ms, 0), coalesce(md.member_seconds, 0)
      from unnest(${sql.param(days)}::date[]) as d(day)
      left join member_days md on md.day = d.day
      left join (
        select day,
               count(*) as meetings,
               sum(score) as score_sum,
               count(*) filter (where good) as good,
               sum(seconds) as seconds,
               sum(cost) as cost,
               sum(attendees_count) as attendees_sum,
               count(*) filter (where focus_conflict) as focus_conflicts,
               count(*) filter (where scheduled_late) as scheduled_late,
               count(*) filter (where compliant is true) as compliant,
               count(*) filter (where compliant is false) as non_compliant,
               count(*) filter (where outside_ms > 0) as overtime_meetings,
               round(coalesce(sum(outside_ms) filter (where outside_ms > 0), 0)) as overtime_ms
        from kept group by day
      ) a on a.day = d.day
      on conflict do nothing
      returning 1
    ),
    groups as (
      insert into report_day_groups (scope_id, filter, dimension, day, key, meetings, score_sum, seconds,
                                     good_seconds, cost, name, profile_image)
      select ${scopeId}::uuid, ${filter.key}::text, 'organizer', day, organizer, count(*), sum(score), sum(seconds),
             coalesce(sum(seconds) filter (where good), 0), sum(cost), max(organizer_name), max(profile_image)
      from kept group by day, organizer
      union all
      select ${scopeId}::uuid, ${filter.key}::text, 'intention', day, intention, count(*), sum(score), sum(seconds),
             coalesce(sum(seconds) filter (where good), 0), sum(cost), null, null
      from kept group by day, intention
      union all
      select ${scopeId}::uuid, ${filter.key}::text, 'category', day, category, count(*), sum(score), sum(seconds),
             coalesce(sum(seconds) filter (where good), 0), sum(cost), null, null
      from kept group by day, category
      on conflict do nothing
      returning 1
    )
    select (select count(*) from day_totals) as days, (select count(*) from groups) as groups`);
}
