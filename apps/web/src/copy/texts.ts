/**
 * The web app's own words: toasts, dialogs and screen texts the specs quote (used word for word). The
 * texts the server also says (validation messages, mails) stay in @meetwell/domain.
 */
import { PRODUCT_NAME } from '@meetwell/domain';

export const LOCKED_TAG_TOOLTIPS = {
  domain: 'This domain was added by your team.',
  email: 'This email was added by your team.',
} as const;

export const ADD_VIP_DIALOG = { title: 'Add a VIP?', confirm: 'Save as VIP' } as const;

export const CANCEL_INVITE_DIALOG = {
  title: 'Are you sure?',
  message: 'This invite will be revoked.',
  confirm: 'Yes, cancel invite',
} as const;

export const SYNC_IN_PROGRESS_TITLE = 'Already in progress';

export const LOCKED_SETTINGS_TITLE = 'Locked! You cannot make changes';

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

export const ONBOARDING_NEXT_LABELS = [
  'What about my meetings?',
  'How are meetings scored?',
  'How do I take action?',
  `What does ${PRODUCT_NAME} do automatically?`,
  'Who gets enforced?',
] as const;

export const ONBOARDING_DONE = 'All done!';

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
  /** A public page's form sent too often (the server's rate limit), with or without JavaScript. */
  tooManyRequests: 'Too many requests. Please try again in a while.',
  plansTitle: 'Our plans',
  plansWhatYouGet: "What you'll get",
  reactivatePlan: 'Re-activate plan',
} as const;

export const COMPLIANCE_DEADLINE_HELP = 'Hours ahead of a meeting when MeetWell will take action';

/** The four audiences of the 'Who can see this?' hint. */
export const AUDIENCES = {
  only_you: 'Only you',
  your_team: 'Your team',
  those_invited: 'Those invited',
  only_admins: 'Only admins',
} as const;
