/** Texts quoted by the specs, word for word (typos included: they are the product's copy). */
import { PRODUCT_NAME } from './product';

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

export const LOCKED_TAG_TOOLTIPS = {
  domain: 'This domain was added by your team.',
  email: 'This email was added by your team.',
} as const;

export const ADD_VIP_DIALOG = { title: 'Add a VIP?', confirm: 'Save as VIP' } as const;
export const SIGN_OUT_DIALOG = {
  message: 'Are you sure you want to sign out?',
  confirm: 'Yes, sign me out',
} as const;
export const CANCEL_INVITE_DIALOG = {
  title: 'Are you sure?',
  message: 'This invite will be revoked.',
  confirm: 'Yes, cancel invite',
} as const;
export const SYNC_IN_PROGRESS_TITLE = 'Already in progress';
export const LOCKED_SETTINGS_TITLE = 'Locked! You cannot make changes';

/** The text the user types to enable account deletion. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE MY ACCOUNT';

export const TOASTS = {
  genericError: 'Something is not right... our nerds have been notified!',
  contactSupport: 'Contact Support',
  withAnyQuestions: 'with any questions.',
  checkoutFailed: 'Something went wrong.',
  syncing: 'Your calendar is being synchronized. It might take few moments.',
  copied: 'Copied to clipboard!',
  evaluationSkipped: 'This meetings evaluation was skipped.',
  reEvaluated: 'This meeting was re-evaluated.',
  declinePrevented: 'The meeting will not be declined.',
  downloadSuccessful: 'Download successful!',
} as const;

export const UNSUBSCRIBE_SUCCESS_MESSAGE =
  "Hope we didn't bug you. You won't be getting emails from us anymore.";

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

export const PLAN_SCREEN_TEXTS = {
  viewThisWeek: 'View this week',
  syncing: 'Assessing the health of your calendar...',
  noMeetings: 'No meetings this week.',
  checkAnotherWeek: 'Check another week.',
  connectCalendar: 'Connect a calendar',
  noStats: 'No stats available.',
} as const;

export const MEETING_TEXTS = {
  required: 'Required',
  agendaRequiredToPresent: 'Agenda items are required to start a meeting',
  startMeeting: 'Start meeting',
  endMeeting: 'End meeting',
  closePresentation: 'Close presentation',
} as const;

export const NOT_FOUND_TEXTS = {
  title: 'Missing',
  message: 'Oh no! Are you lost?',
  button: 'Go home',
} as const;
export const MARKETING_PROMPT = {
  title: 'Interested in this?',
  message: 'Enjoy this feature and more when you sign up!',
  button: 'Sign me up!',
} as const;

export const ONBOARDING_NEXT_LABELS = [
  'What about my meetings?',
  'How are meetings scored?',
  'How do I take action?',
  `What does ${PRODUCT_NAME} do automatically?`,
  'Who gets enforced?',
] as const;
export const ONBOARDING_DONE = 'All done!';

export const REVIEW_TEXTS = {
  noStats: 'No stats available',
  notSynced: 'Meetings not synced',
  noTeam: "Aw, crap! Your team isn't here (yet).",
  export: 'Export',
} as const;

export const PUBLIC_TEXTS = {
  tryFree: 'Try 14 days for free',
  noCreditCard: 'No credit card required',
  cookiesTitle: 'Cookies are for eating',
  cookiesDismiss: 'Cheers to privacy!',
  loggingIn: 'Logging in...',
  maintenanceTitle: 'Under maintenace! Stay tuned.',
  maintenanceMessage: "We're working hard to get things back up to speed. Please try again in a few minutes.",
  tryAgain: 'Try again',
  needsPermissionTitle: 'Incorrect permissions!',
  invoicesEmpty: 'Your invoices will appear here.',
  preventDecline: 'Prevent this decline',
  plansTitle: 'Our plans',
  plansWhatYouGet: "What you'll get",
  reactivatePlan: 'Re-activate plan',
} as const;
