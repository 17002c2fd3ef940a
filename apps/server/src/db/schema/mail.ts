import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { meetings } from './meetings';
import { users } from './users';

/** Every mail sent, keyed for exactly-once delivery; in embedded mode it is also the outbox the app shows. */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'outbox', 'failed'] })
      .notNull()
      .default('pending'),
    sentAt: ts('sent_at'),
    /** When the current sender claimed it ('sending'): a claim older than the send lease is a dead sender's. */
    sendingSince: ts('sending_since'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emails_idempotency_idx').on(t.idempotencyKey), index('emails_to_idx').on(t.to)],
);

export const emailOptOuts = pgTable('email_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/**
 * What each person (or team) was last told about each occurrence, by kind (features/autobalance/notices.ts):
 * the occurrence's start, the rules it broke and the event's version then, and the mail that said it. One mail
 * about a series covers several occurrences. The domain's needsNotice decides whether anything new is due.
 */
export const mailNotices = pgTable('mail_notices', {
  key: text('key').primaryKey(),
  startsAt: ts('starts_at').notNull(),
  rules: jsonb('rules').$type<string[]>().notNull(),
  version: text('version'),
  emailKey: text('email_key').notNull(),
  noticedAt: ts('noticed_at').notNull().defaultNow(),
});
