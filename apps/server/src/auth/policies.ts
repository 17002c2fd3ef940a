import {
  ADMIN_ROLE,
  type ItemKind,
  PLAN_FEATURE_MESSAGES,
  type PlanFeature,
  planAllows,
} from '@meetwell/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  agendaItems,
  calendars,
  meetings,
  memberships,
  objectives,
  preworkItems,
  wellnessBlocks,
} from '../db/schema';
import { forbidden, notFound } from '../http/errors';

/**
 * Who may do what: the one module the routes and use cases ask. Things a person owns (meetings, their items,
 * calendars, Wellness blocks) answer 404 to anyone else, exactly like a missing id, so ids cannot be probed;
 * team roles and plan gates answer 403 with a reason.
 */

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
  return teamRoleOfMembership(membership.role);
}

/** What a stored membership role (billing_admin or null) lets its member do. */
export function teamRoleOfMembership(stored: string | null): TeamRole {
  return stored === ADMIN_ROLE ? 'admin' : 'user';
}

export async function isTeamAdmin(
  db: Pick<Database, 'select'>,
  userId: string,
  companyId: string | null | undefined,
): Promise<boolean> {
  return (await teamRoleOf(db, userId, companyId)) === 'admin';
}

/** The user's role in the team; a non-member gets 404 (the answer does not reveal that the team exists). */
export async function requireTeamMember(
  db: Pick<Database, 'select'>,
  userId: string,
  companyId: string | null | undefined,
): Promise<TeamRole> {
  const role = await teamRoleOf(db, userId, companyId);
  if (!role) throw notFound('team');
  return role;
}

/** Admins only: a non-member gets 404, a member without the Admin role 403 (with `detail`). */
export async function requireTeamAdmin(
  db: Pick<Database, 'select'>,
  userId: string,
  companyId: string | null | undefined,
  detail = "Only the team's admins can do this.",
): Promise<void> {
  if ((await requireTeamMember(db, userId, companyId)) !== 'admin') throw forbidden(detail);
}

/** The stored membership role of a team role: billing_admin for an admin, null for a User. */
export function membershipRoleFor(role: TeamRole): string | null {
  return role === 'admin' ? ADMIN_ROLE : null;
}

/**
 * The team's admins (user ids), their memberships locked until the transaction ends: of two role changes at
 * once the second sees what the first did, so together they never leave the team without an admin.
 */
export async function lockTeamAdmins(db: Pick<Database, 'select'>, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, ADMIN_ROLE)))
    // One order for every caller: two changes lock the same rows one after the other, never crosswise.
    .orderBy(memberships.id)
    .for('update');
  return rows.map((row) => row.userId);
}

/** A calendar of this user, or a 404. */
export async function ownCalendar(db: Pick<Database, 'select'>, userId: string, calendarId: string) {
  const [row] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.id, calendarId), eq(calendars.userId, userId)))
    .limit(1);
  if (!row) throw notFound('calendar');
  return row;
}

/** A meeting of this user (not deleted), or a 404. */
export async function ownMeeting(db: Pick<Database, 'select'>, userId: string, meetingId: string) {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)))
    .limit(1);
  if (!row || row.status === 'deleted') throw notFound('meeting');
  return row;
}

const itemTables = {
  agenda_items: agendaItems,
  objectives,
  prework_items: preworkItems,
} as const satisfies Record<ItemKind, unknown>;

/** An item (agenda item, objective, prework) of one of this user's meetings, not deleted, or a 404. */
export async function ownItem(db: Pick<Database, 'select'>, userId: string, kind: ItemKind, itemId: string) {
  const table = itemTables[kind];
  const [row] = await db
    .select({ item: table, meetingUserId: meetings.userId })
    .from(table)
    .innerJoin(meetings, eq(meetings.id, table.meetingId))
    .where(eq(table.id, itemId))
    .limit(1);
  if (!row || row.meetingUserId !== userId || row.item.status === 'deleted')
    throw notFound(kind.replace(/_/g, ' ').replace(/s$/, ''));
  return row.item;
}

/** A Wellness block of this user, or a 404. */
export async function ownWellnessBlock(db: Pick<Database, 'select'>, userId: string, blockId: string) {
  const [block] = await db
    .select()
    .from(wellnessBlocks)
    .where(and(eq(wellnessBlocks.id, blockId), eq(wellnessBlocks.userId, userId)));
  if (!block) throw notFound('Wellness block');
  return block;
}

/** A plan gate: a 403 with the plan's reason unless the plan (id) includes the feature. */
export function requirePlanAllows(plan: string | null | undefined, feature: PlanFeature): void {
  if (!planAllows(plan, feature)) throw forbidden(PLAN_FEATURE_MESSAGES[feature]);
}
