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

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

/** Attributes of the JSON:API resource type 'users' (GET /api/v1/users). */
export interface UserAttributes {
  first_name: string | null;
  last_name: string | null;
  email: string;
  domain: string | null;
  profile_image?: string | null;
  time_zone: string | null;
  onboarded: boolean;
  subscription_plan: string | null;
  /** The company's (or solo user's) subscription status; null before the first plan. */
  subscription_status?: SubscriptionStatus | null;
  /** Whole days left in the company's trial, counted by the server; null when not on a trial. */
  trial_days_left?: number | null;
  created_at: string;
  company: Company | null;
  deactivated_at: string | null;
  deactivated_reason?: string | null;
  goal_ids?: string[];
  identity_providers?: string[];
  affiliate_token?: string | null;
  annual_salary?: number | null;
  dnd_slack?: boolean | null;
  daily_report_card_events?: boolean;
  wellness_block_color_preference?: string | null;
  domains_allowlist?: string[];
  organizer_denylist?: string[];
  communication_prefs?: CommunicationPrefs;
}

export interface CurrentUser extends UserAttributes {
  id: string;
}
