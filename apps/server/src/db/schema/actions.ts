import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns';
import { meetings } from './meetings';
import { users } from './users';

/** Auto-balance and manual actions. One row per meeting and kind makes every action happen once. */
export const actions = pgTable(
  'actions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status', { enum: ['scheduled', 'done', 'cancelled', 'ignored', 'prevented', 'failed'] })
      .notNull()
      .default('scheduled'),
    manual: boolean('manual').notNull().default(false),
    organizerEmail: text('organizer_email'),
    meetingSummary: text('meeting_summary').notNull().default(''),
    detailsNegative: jsonb('details_negative').$type<Record<string, string>>().notNull().default({}),
    complianceDeadline: ts('compliance_deadline'),
    preventTokenHash: text('prevent_token_hash'),
    preventTokenExpiresAt: ts('prevent_token_expires_at'),
    organizerNotes: text('organizer_notes'),
    performedAt: ts('performed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('actions_meeting_idx').on(t.meetingId),
    index('actions_user_deadline_idx').on(t.userId, t.complianceDeadline),
    index('actions_user_performed_idx').on(t.userId, t.performedAt),
    uniqueIndex('actions_prevent_token_idx').on(t.preventTokenHash),
  ],
);
