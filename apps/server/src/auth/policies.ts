import { ADMIN_ROLE } from '@meetwell/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { memberships } from '../db/schema';

/**
 * Who may do what on a team: the one place the server reads roles. A member without a role is a User; the
 * Admin role (billing_admin) manages the team, its settings, lists and salary, and sees members' reports.
 */
export type TeamRole = 'admin' | 'user';

/** The user's role in that team, or null when they are not one of its members. */
export async function teamRoleOf(
  db: Pick<Database, 'select'>,
  userId: string,
  companyId: string | null | undefined,
): Promise<TeamRole | null> {
  if (!companyId) return null;
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  if (!membership) return null;
  return membership.role === ADMIN_ROLE ? 'admin' : 'user';
}

export async function isTeamAdmin(
  db: Pick<Database, 'select'>,
  userId: string,
  companyId: string | null | undefined,
): Promise<boolean> {
  return (await teamRoleOf(db, userId, companyId)) === 'admin';
}
