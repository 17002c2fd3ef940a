import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, textList, ts, updatedAt } from './columns';
import { companies } from './companies';

export type CommunicationPrefs = {
  email_reminders: boolean;
  email_weekly_reports: boolean;
  email_tips: boolean;
  all_communications: boolean;
  email_if_organizer: boolean;
};

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    domain: text('domain').notNull(),
    profileImage: text('profile_image'),
    /** Whether the issuer that created the account vouched for its address (only then may others link to it). */
    emailVerified: boolean('email_verified').notNull().default(true),
    timeZone: text('time_zone').notNull().default('UTC'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    onboarded: boolean('onboarded').notNull().default(false),
    goalIds: integer('goal_ids').array().notNull().default(sql`'{}'::integer[]`),
    wellnessBlockColorPreference: text('wellness_block_color_preference'),
    dailyReportCardEvents: boolean('daily_report_card_events').notNull().default(false),
    dndSlack: boolean('dnd_slack'),
    affiliateToken: text('affiliate_token').notNull(),
    referredBy: text('referred_by'),
    annualSalary: integer('annual_salary').notNull().default(80000),
    domainsAllowlist: textList('domains_allowlist'),
    organizerDenylist: textList('organizer_denylist'),
    deactivatedAt: ts('deactivated_at'),
    deactivatedReason: text('deactivated_reason'),
    communicationPrefs: jsonb('communication_prefs').$type<CommunicationPrefs>().notNull().default({
      email_reminders: true,
      email_weekly_reports: true,
      email_tips: true,
      all_communications: true,
      email_if_organizer: true,
    }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_affiliate_token_idx').on(t.affiliateToken),
    index('users_company_idx').on(t.companyId),
  ],
);

/** A sign-in or a connected service (google_oauth2, microsoft_graph, any oidc issuer, slack). Tokens are encrypted. */
export const identities = pgTable(
  'identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenEnc: text('access_token_enc'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    scopes: textList('scopes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_idx').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  evaluationSettings: jsonb('evaluation_settings').$type<Record<string, unknown>>().notNull().default({}),
  actionSettings: jsonb('action_settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export const goals = pgTable('goals', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const tips = pgTable('tips', {
  id: integer('id').primaryKey(),
  tag: text('tag').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
});

export const tipViews = pgTable(
  'tip_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tipId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the random token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title'),
    message: text('message').notNull(),
    level: text('level', { enum: ['info', 'success', 'warning', 'error'] })
      .notNull()
      .default('info'),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One-time sign-in links sent by mail (sign-in without single sign-on). Only the token's SHA-256 is kept; a
 * link works once, before it expires.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: id(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('sign_in_links_token_idx').on(t.tokenHash),
    index('sign_in_links_email_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);
