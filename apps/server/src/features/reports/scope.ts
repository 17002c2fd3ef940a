import { ADMIN_ROLE, isValidTimeZone } from '@meetwell/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
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
  | { type: 'company'; companyId: string; timeZone: string; annualSalary: number };

async function membershipOf(db: Database, userId: string, companyId: string) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * The team's zone: the one most of its members use (ties: alphabetical), so every member sees the same days.
 * Falls back to UTC for a zone PostgreSQL or the runtime does not know.
 */
export async function teamTimeZone(db: Database, companyId: string): Promise<string> {
  const rows = await db.execute<{ time_zone: string }>(sql`
    select u.time_zone
    from ${memberships} mb join ${users} u on u.id = mb.user_id
    where mb.company_id = ${companyId}
    group by u.time_zone
    order by count(*) desc, u.time_zone
    limit 1`);
  const zone = rows.rows[0]?.time_zone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

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
      const membership = await membershipOf(db, viewer.id, other.companyId);
      if (membership?.role !== ADMIN_ROLE)
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
  const membership = await membershipOf(db, viewer.id, companyId);
  if (!membership)
    throw query.who === 'group' ? notFound('group') : forbidden('You are not a member of this team.');
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound('team');
  return {
    type: 'company',
    companyId,
    timeZone: await teamTimeZone(db, companyId),
    annualSalary: company.averageAnnualSalary,
  };
}
