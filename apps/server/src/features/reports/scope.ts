import { isValidTimeZone } from '@meetwell/domain';
import { eq, sql } from 'drizzle-orm';
import { isTeamAdmin } from '../../auth/policies';
import type { Database } from '../../db/client';
import { queryNamed } from '../../db/named';
import { companies, memberships, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { ReportQuery } from './params';

type UserRow = typeof users.$inferSelect;

/**
 * Whose meetings a report covers: one user (the you view), or one company (the team and group views, each
 * event counted once). Days are cut in `timeZone`; costs use `annualSalary`.
 */
export type ReportScope =
  | { type: 'user'; userId: string; companyId: string | null; timeZone: string; annualSalary: number }
  | { type: 'company'; companyId: string; timeZone: string; annualSalary: number; members: number };

/**
 * Resolves who/user/group_id for the signed-in viewer, or refuses:
 * - who=user: the viewer, or (user=) a member of the viewer's company when the viewer is its admin;
 * - who=team: the viewer's company (admins and members alike);
 * - who=group: a group the viewer belongs to. Groups are not stored yet: the only group is the viewer's team.
 * Another company's data answers 404, a member's data for a non-admin 403.
 */
export async function resolveReportScope(
  db: Database,
  viewer: UserRow,
  query: ReportQuery,
): Promise<ReportScope> {
  if (query.who === 'user') {
    let target = viewer;
    if (query.user && query.user !== viewer.id) {
      const [other] = await db.select().from(users).where(eq(users.id, query.user)).limit(1);
      if (!other?.companyId || other.companyId !== viewer.companyId) throw notFound('user');
      if (!(await isTeamAdmin(db, viewer.id, other.companyId)))
        throw forbidden("Only the team's admins can see a member's report.");
      target = other;
    }
    return {
      type: 'user',
      userId: target.id,
      companyId: target.companyId,
      timeZone: isValidTimeZone(target.timeZone) ? target.timeZone : 'UTC',
      annualSalary: target.annualSalary,
    };
  }
  const companyId = query.who === 'group' ? query.group_id : viewer.companyId;
  if (query.who === 'group' && !companyId) {
    throw new AppError('validation_failed', [
      { detail: 'group_id is required with who=group.', parameter: 'group_id' },
    ]);
  }
  if (!companyId) throw notFound('team');
  // Membership, salary and the team's zone (the one most members use; ties alphabetical) in one round trip.
  // Every team report asks this: a named statement, planned once per connection.
  const [row] = await queryNamed<{
    role: string | null;
    annual_salary: number;
    time_zone: string | null;
    members: number;
  }>(
    db,
    sql`
    select mb.role, c.average_annual_salary as annual_salary,
           (select count(*)::int from ${memberships} m3 where m3.company_id = c.id) as members,
           (select u.time_zone
              from ${memberships} m2 join ${users} u on u.id = m2.user_id
             where m2.company_id = c.id
             group by u.time_zone
             order by count(*) desc, u.time_zone
             limit 1) as time_zone
    from ${memberships} mb join ${companies} c on c.id = mb.company_id
    where mb.user_id = ${viewer.id} and mb.company_id = ${companyId}`,
  );
  if (!row) throw query.who === 'group' ? notFound('group') : forbidden('You are not a member of this team.');
  const zone = row.time_zone;
  return {
    type: 'company',
    companyId,
    timeZone: zone && isValidTimeZone(zone) ? zone : 'UTC',
    annualSalary: Number(row.annual_salary),
    members: Number(row.members),
  };
}
