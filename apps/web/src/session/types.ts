import type { ApiUserAttributes } from '@meetwell/domain';

/** The contract's subscription statuses (SUBSCRIPTION_STATUSES): one definition, the domain's. */
export type { SubscriptionStatus } from '@meetwell/domain';

/** The mail a person chose to get (Account → E-mails): the contract's. */
export type CommunicationPrefs = ApiUserAttributes['communication_prefs'];

/** Attributes of the JSON:API resource type 'users' (GET /api/v1/users): the contract's. */
export type UserAttributes = ApiUserAttributes;

export interface CurrentUser extends UserAttributes {
  id: string;
}
