/** Shared query keys; realtime refreshes invalidate meetings and reports by prefix. */
export const queryKeys = {
  currentUser: ['users', 'current'] as const,
  userSettings: ['users', 'settings'] as const,
  authProviders: ['auth', 'providers'] as const,
  meetings: ['meetings'] as const,
  reports: ['reports'] as const,
  /** Future and past auto-balance actions (Balance → Take action). */
  actions: ['actions'] as const,
  /** The calendars (Account, Plan, onboarding) and whether a sync runs (Plan). */
  calendars: ['calendars'] as const,
  synchronizations: ['synchronizations'] as const,
  /** Work of the person's that stopped (auto-balance, scoring): shown on the Auto-balance screen. */
  jobFailures: ['job_failures'] as const,
};
