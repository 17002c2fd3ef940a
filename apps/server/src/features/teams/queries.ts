import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, memberships, subscriptions, users } from '../../db/schema';
import { notFound } from '../../http/errors';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function findTeam(db: Pick<Database, 'select'>, companyId: string): Promise<CompanyRow> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound('team');
  return company;
}

export async function memberCount(db: Pick<Database, 'select'>, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** The team's members (or the one named) with their user's name, address and picture, by name. */
export function listMembers(db: Pick<Database, 'select'>, companyId: string, memberId?: string) {
  return db
    .select({
      id: memberships.id,
      userId: memberships.userId,
      role: memberships.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileImage: users.profileImage,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        memberId ? or(eq(memberships.id, memberId), eq(memberships.userId, memberId)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.email));
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/**
 * One member of the team, named by their membership id (the id of the `memberships` resource) or by their user
 * id; 404 when neither is a member of this team.
 */
export async function findMember(
  db: Pick<Database, 'select'>,
  companyId: string,
  memberId: string,
): Promise<MemberRow> {
  const [member] = await listMembers(db, companyId, memberId);
  if (!member) throw notFound('member');
  return member;
}

/** The plan of the company's current subscription (the latest), as the user document reads it. */
export async function companyPlan(db: Pick<Database, 'select'>, companyId: string): Promise<string> {
  const [subscription] = await db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return subscription?.plan ?? 'trial';
}

export async function findUserByEmail(db: Pick<Database, 'select'>, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

export const displayName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
