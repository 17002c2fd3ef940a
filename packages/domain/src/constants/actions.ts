/** Auto-balance actions and reminder email preferences (docs/spec/SCORING.md §6, docs/spec/personal-app.md §4). */

export const NON_COMPLIANCE_ACTIONS = [
  'do_nothing',
  'remind_conflicts',
  'remind',
  'decline_conflicts',
  'decline',
] as const;
export type NonComplianceAction = (typeof NON_COMPLIANCE_ACTIONS)[number];

/** The default and recommended action. */
export const RECOMMENDED_NON_COMPLIANCE_ACTION: NonComplianceAction = 'decline';

export const NON_COMPLIANCE_ACTION_LABELS: Readonly<
  Record<NonComplianceAction, { label: string; description: string; recommended: boolean }>
> = {
  do_nothing: { label: 'Do nothing', description: 'No action will be taken.', recommended: false },
  remind_conflicts: {
    label: 'Remind of conflicts',
    description: 'Email the organizer about calendar conflicts only.',
    recommended: false,
  },
  remind: {
    label: 'Remind',
    description: 'Email the organizer about every violation.',
    recommended: false,
  },
  decline_conflicts: {
    label: 'Decline conflicts',
    description: 'Warn the organizer about calendar conflicts, then decline at the compliance deadline.',
    recommended: false,
  },
  decline: {
    label: 'Decline',
    description: 'Warn the organizer about every violation, then decline at the compliance deadline.',
    recommended: true,
  },
};

export function isNonComplianceAction(value: unknown): value is NonComplianceAction {
  return typeof value === 'string' && (NON_COMPLIANCE_ACTIONS as readonly string[]).includes(value);
}

export const REMINDER_EMAIL_PREFERENCES = ['pre_and_post', 'pre_action', 'post_action', 'no_email'] as const;
export type ReminderEmailPreference = (typeof REMINDER_EMAIL_PREFERENCES)[number];

export const REMINDER_EMAIL_PREFERENCE_LABELS: Readonly<Record<ReminderEmailPreference, string>> = {
  pre_and_post: 'Before and after an action',
  pre_action: 'Before an action',
  post_action: 'After an action',
  no_email: 'No email',
};

/** The manual choices of the take-action panel. */
export const MANUAL_ACTIONS = ['do_nothing', 'remind', 'decline'] as const;
export type ManualAction = (typeof MANUAL_ACTIONS)[number];

/** What the take-action panel confirms once an action exists. */
export const TAKE_ACTION_CONFIRMATIONS: Readonly<Record<ManualAction, string>> = {
  remind: 'The organizer has been reminded that this meeting needs changes.',
  decline: 'The organizer has been reminded and this meeting may be declined.',
  do_nothing: 'No action will be taken.',
};
/** What the take-action panel says once the meeting was answered or the action settled (no buttons then). */
export const TAKE_ACTION_OUTCOMES = {
  declined: 'This meeting was declined.',
  accepted: 'You accepted this meeting: no action will be taken.',
  prevented: 'The organizer asked to keep this meeting: it will not be declined.',
} as const;

export const MANUAL_ACTION_LABELS: Readonly<Record<ManualAction, string>> = {
  do_nothing: 'Do nothing',
  remind: 'Remind',
  decline: 'Decline',
};

/** How each setting value reads (docs/spec/personal-app.md §4: Allow/Prevent, Required/Not required, Ignored/Not ignored). */
export const SETTING_VALUE_LABELS = {
  allow: 'Allow',
  block: 'Prevent',
  required: 'Required',
  not_required: 'Not required',
  ignored: 'Ignored',
  not_ignored: 'Not ignored',
} as const;
