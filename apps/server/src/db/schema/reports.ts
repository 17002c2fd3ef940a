import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * Report roll-ups (features/reports): a scope is one user (the you view) or one company (the team view, each
 * event counted once), with the time zone its days are cut in and the salary its costs use. Days are built
 * on first read and dropped when a meeting of the scope changes; a new zone or salary drops the scope's days.
 */
export const reportScopes = pgTable(
  'report_scopes',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    annualSalary: integer('annual_salary').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('report_scopes_user_idx').on(t.userId),
    uniqueIndex('report_scopes_company_idx').on(t.companyId),
    check('report_scopes_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
  ],
);

const rollupKey = {
  scopeId: uuid('scope_id')
    .notNull()
    .references(() => reportScopes.id, { onDelete: 'cascade' }),
  /** 'all', or the attendee statuses kept, sorted and comma-joined ('accepted'). */
  filter: text('filter').notNull(),
  /** The local date in the scope's zone. */
  day: date('day', { mode: 'string' }).notNull(),
};

/** One row per scope, filter and day (also for days without meetings: the row says the day is built). */
export const reportDays = pgTable(
  'report_days',
  {
    ...rollupKey,
    meetings: integer('meetings').notNull(),
    scoreSum: integer('score_sum').notNull(),
    good: integer('good').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    attendeesSum: integer('attendees_sum').notNull(),
    focusConflicts: integer('focus_conflicts').notNull(),
    scheduledLate: integer('scheduled_late').notNull(),
    compliant: integer('compliant').notNull(),
    nonCompliant: integer('non_compliant').notNull(),
    overtimeMeetings: integer('overtime_meetings').notNull(),
    overtimeMs: bigint('overtime_ms', { mode: 'number' }).notNull(),
    /** Σ duration of every member's own copy (a meeting two members attend counts twice): time per member. */
    memberSeconds: bigint('member_seconds', { mode: 'number' }).notNull().default(0),
    /**
     * When the day was built, as a number that only grows (a sequence): a period's newest build changes
     * whenever one of its days was dropped and built again, which tells what was derived from them is stale
     * (features/suggestions/period-cache.ts). Null for days built before the column.
     */
    built: bigint('built', { mode: 'number' }).default(sql`nextval('report_days_built')`),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.filter, t.day] })],
);

/** The same day split by organizer, intention or category (recurring / single). */
export const reportDayGroups = pgTable(
  'report_day_groups',
  {
    ...rollupKey,
    dimension: text('dimension', { enum: ['organizer', 'intention', 'category'] }).notNull(),
    key: text('key').notNull(),
    meetings: integer('meetings').notNull(),
    scoreSum: integer('score_sum').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    goodSeconds: bigint('good_seconds', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    name: text('name'),
    profileImage: text('profile_image'),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.filter, t.dimension, t.day, t.key] })],
);
