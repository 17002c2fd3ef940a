import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { companies } from './companies';
import { users } from './users';

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'billing_admin' is the Admin role; null means the default User role. */
    role: text('role'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_company_user_idx').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('invites_company_idx').on(t.companyId),
    uniqueIndex('invites_token_idx').on(t.tokenHash),
    uniqueIndex('invites_pending_email_idx')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/**
 * Demo teams built ahead (features/demo/pool.ts), so 'Try the demo' claims a ready one instead of seeding on
 * the click: one row per demo team, its admin, the time zone it was seeded in, and when a visitor claimed it
 * (null: ready in the pool). A demo seeded on the click is recorded claimed, so the pool knows its zone.
 */
export const demoPool = pgTable(
  'demo_pool',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    builtAt: ts('built_at').notNull(),
    claimedAt: ts('claimed_at'),
  },
  (t) => [
    index('demo_pool_ready_idx').on(t.timeZone, t.builtAt).where(sql`${t.claimedAt} is null`),
    index('demo_pool_claimed_idx').on(t.claimedAt),
  ],
);
