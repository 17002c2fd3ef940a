import type { ApiUserAttributes } from '@meetwell/domain';

/** The contract's subscription statuses (SUBSCRIPTION_STATUSES): one definition, the domain's. */
export type { SubscriptionStatus } from '@meetwell/domain';

export interface Company {
  id: string;
  name: string;
  license_by: 'domain' | 'invite' | null;
  roles: string[];
  domains_allowlist: string[];
  organizer_denylist: string[];
}

export interface CommunicationPrefs {
  email_reminders?: boolean;
  email_weekly_reports?: boolean;
  email_tips?: boolean;
  all_communications?: boolean;
  email_if_organizer?: boolean;
}

/** Attributes of the JSON:API resource type 'users' (GET /api/v1/users): the contract's. */
export type UserAttributes = ApiUserAttributes;

export interface CurrentUser extends UserAttributes {
  id: string;
}
