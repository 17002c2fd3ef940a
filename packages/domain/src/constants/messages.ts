/**
 * Texts quoted by the specs that the server says too (validation, dialogs shared with mails, plan gates), word
 * for word (typos included: they are the product's copy). The web app's own screen texts are in its copy/.
 */

/** A two-part dialog: title and message. */
export interface DialogText {
  title: string;
  message: string;
}

export const VALIDATION_MESSAGES = {
  wellnessBlockLabel: 'Please add a label.',
  wellnessBlockDays: 'Please pick one or multiple days.',
  wellnessBlockTime: 'Please pick a valid start and end time.',
  wellnessBlockOverlap: "Please pick a time range that doesn't overlap with an existing Wellness block.",
  unsubscribeEmail: "Hmm. That email doesn't look right",
  salaryUnchanged: 'Please edit the salary',
  salaryTooHigh: 'Enter at most 100,000,000',
  alreadySelected: 'This is already selected',
  onlyAdminsChoosePlan: 'Only admins can choose a plan',
} as const;

export const INVALID_EMAIL_DIALOG: DialogText = {
  title: 'Invalid email',
  message: 'Please enter a valid email and try again.',
};
export const INVALID_DOMAIN_DIALOG: DialogText = {
  title: 'Invalid email domain',
  message: 'Please enter a valid email domain and try again.',
};

/** The text the user types to enable account deletion. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE MY ACCOUNT';

export const MANUAL_ACTIONS_NEED_PAID_PLAN = 'These manual actions are available on any upgraded paid plan.';
export const FUTURE_ACTION_QUEUED = 'queued to happen soon';

export const WELLNESS_BLOCK_TEXTS = {
  listTitle: 'Wellness blocks',
  listText: 'Chunks of untouchable time for you to do with as you please.',
  noLabel: 'No label',
  emptyTitle: 'Add your 1st Wellness block',
  addButton: 'Add a Wellness block',
  addButtonMobile: 'Add',
  newTitle: 'New weekly Wellness block',
  editTitle: 'Editing Wellness block',
  whatFor: 'What for?',
  ideas: 'Ideas:',
  whatKind: 'What kind of block?',
  whichDays: 'Which days?',
  every: 'Every',
  whatTime: 'What time?',
  whichCalendar: 'Which Calendar?',
  noCalendar: 'No calendar added.',
  goToSettings: 'Go to settings',
  calendarRequired: 'You must first have a calendar connected before adding or editing Wellness blocks.',
  makeWeekly: 'Make weekly',
} as const;
