import type { ActionSettings } from '@meetwell/domain';
import { LICENSE_BY } from '@meetwell/domain';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, textList, updatedAt } from './columns';

/** A team. Members join by email domain or by invite (license_by). */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    domain: text('domain'),
    licenseBy: text('license_by', { enum: LICENSE_BY }).notNull().default('invite'),
    domainsAllowlist: textList('domains_allowlist'),
    organizerDenylist: textList('organizer_denylist'),
    averageAnnualSalary: integer('average_annual_salary').notNull().default(80000),
    evaluationSettings: jsonb('evaluation_settings').$type<Record<string, unknown> | null>(),
    /** The team's Auto-Balance defaults: any of the action settings. */
    actionSettings: jsonb('action_settings').$type<Partial<ActionSettings> | null>(),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The company's customer at the card payment provider, once it has started a checkout. */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_domain_idx').on(t.domain),
    uniqueIndex('companies_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);
