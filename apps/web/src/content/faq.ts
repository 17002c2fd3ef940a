// Help topics shown on /faq, grouped by category. Each item is linkable as /faq#{slug}.
// Answers use the small Markdown subset of components/Markdown.tsx.
import { findPlan, type Plan, planPriceText, TRIAL_DAYS } from '@meetwell/domain';

const priceOf = (id: Plan['id']) => planPriceText(findPlan(id)!);

export type FaqCategory = 'account' | 'balance' | 'plan';

export interface FaqItem {
  category: FaqCategory;
  slug: string;
  question: string;
  answer: string;
}

export const FAQ_CATEGORIES: { id: FaqCategory; title: string; intro: string }[] = [
  { id: 'account', title: 'Account', intro: 'Signing in, calendars, emails, plans and your data.' },
  { id: 'balance', title: 'Balance', intro: 'Auto-Balance, meeting evaluations and Wellness blocks.' },
  { id: 'plan', title: 'Plan', intro: 'Your week, meeting scores and running better meetings.' },
];

export const FAQ_ITEMS: FaqItem[] = [
  // Account
  {
    category: 'account',
    slug: 'account-sign-in',
    question: 'How do I sign in? Is there a password?',
    answer: `There is no password. MeetWell uses single sign-on only: choose **Continue with Google** or **Continue with Microsoft** and sign in with the account that holds your work calendar. Signing in the first time creates your account and starts a 14-day free trial. No credit card is required.`,
  },
  {
    category: 'account',
    slug: 'account-calendar-permissions',
    question: 'Why does MeetWell need full access to my calendar?',
    answer: `To score a meeting MeetWell reads its title, time, attendees and description. To protect your time it writes your Wellness blocks to your calendar, and to act for you it answers invitations (a decline, with a short comment) when you ask it to.

If some permissions were left unticked at sign-in you will see **Incorrect permissions!**. Sign in again and allow every calendar permission that is asked for.`,
  },
  {
    category: 'account',
    slug: 'account-calendars',
    question: 'Which calendars are balanced, and can I add more?',
    answer: `On the [Account](/my/account) page, under **Calendars to balance**, you can add or remove each calendar of your Google or Outlook account. Only the calendars you add are scored and balanced. Use the re-sync button if a recent change has not shown up yet.`,
  },
  {
    category: 'account',
    slug: 'account-time-zone',
    question: 'Which time zone does MeetWell use?',
    answer: `The one your browser reports when you sign in. Meetings, Wellness blocks and reports are shown in that time zone, so if you travel, sign in again from your new location or update it in your account settings.`,
  },
  {
    category: 'account',
    slug: 'account-emails',
    question: 'Which emails will I get, and how do I stop them?',
    answer: `Depending on your preferences: reminders about actions MeetWell is about to take or has taken, a weekly report, and the occasional tip. Each kind can be switched off under email preferences on the [Account](/my/account) page. To stop them at once, use the Unsubscribe link at the bottom of any of our emails, or the [unsubscribe page](/unsubscribe), which emails you a link to confirm. Organizers are still told when a meeting of theirs is about to be declined, or was.`,
  },
  {
    category: 'account',
    slug: 'account-slack',
    question: 'What does the Slack integration do?',
    answer: `Once connected from the Account page, MeetWell can set your Slack status to do-not-disturb during your Wellness blocks, so focus time is also quiet time. You can switch it off at any time without disconnecting Slack.`,
  },
  {
    category: 'account',
    slug: 'account-plans',
    question: 'What do the plans cost?',
    answer: `Every account starts with a ${TRIAL_DAYS}-day free trial, no credit card required. After that, **Solo** is ${priceOf('team-500')} for just you, and **Team** is ${priceOf('team-5000')} for your whole team, customised with you: [contact us](mailto:support@meetwell.app). See [Pricing](/pricing) for what each plan includes.`,
  },
  {
    category: 'account',
    slug: 'account-team-admin',
    question: 'Who can manage the team and billing?',
    answer: `Admins. An admin can invite and remove members, change their roles, rename the team, choose how people join (anyone with your email domain, or by invitation only), set the team's evaluation standards and Auto-Balance defaults, and change the plan or payment method. Everyone else can see the team settings but not change them.`,
  },
  {
    category: 'account',
    slug: 'account-referrals',
    question: 'How does the referral program work?',
    answer: `Share the referral link from your Account page. For every paying customer who signs up through it you earn $2 per month for as long as they stay. Details are on the [referrals page](/referrals).`,
  },
  {
    category: 'account',
    slug: 'account-delete',
    question: 'How do I delete my account?',
    answer: `At the bottom of the Account page choose **Delete account** and type DELETE MY ACCOUNT to confirm. Deletion is immediate; the copies in our backups are cleared within 30 days. See [Security](/security) for how we handle your data.`,
  },
  // Balance
  {
    category: 'balance',
    slug: 'balance-what-is-auto-balance',
    question: 'What is Auto-Balance?',
    answer: `Auto-Balance acts on meetings that break your preferences, so you don't have to. When a meeting you are invited to misses your standards (no agenda, too long, clashes with a Wellness block...), MeetWell can remind the organizer what needs to change and, if nothing changes, decline it for you before the deadline you chose.`,
  },
  {
    category: 'balance',
    slug: 'balance-actions',
    question: 'What is the difference between remind and decline?',
    answer: `- **Remind** emails the organizer once, listing what the meeting is missing.
- **Remind of conflicts** does the same, but only for calendar conflicts.
- **Decline** emails the organizer a warning first, then declines the meeting at your compliance deadline if it still breaks your preferences.
- **Decline conflicts** does the same, but only for calendar conflicts.
- **Do nothing** leaves every meeting alone.

Decline is the recommended setting: organizers get a fair warning and a chance to fix the meeting.`,
  },
  {
    category: 'balance',
    slug: 'balance-compliance-deadline',
    question: 'When exactly does MeetWell decline a meeting?',
    answer: `At your compliance deadline: a number of hours before the meeting starts (6, 12, 24, 36, 48 or 72). Until then the action is queued in your future actions, and the organizer can fix the meeting or prevent the decline from the link in their warning email.`,
  },
  {
    category: 'balance',
    slug: 'balance-which-meetings',
    question: 'Which meetings can Auto-Balance act on?',
    answer: `Only future meetings that you have not answered yet and where you are a required attendee. Meetings you organize, meetings from your VIPs and, when you set an allow list, meetings from domains outside that list are never touched.`,
  },
  {
    category: 'balance',
    slug: 'balance-vips',
    question: 'How do I make sure my manager or clients are never declined?',
    answer: `Add them as VIPs on the Auto-Balance screen. Meetings organized by a VIP are never reminded or declined. Your team admins can also add VIPs for the whole team; those show a lock.`,
  },
  {
    category: 'balance',
    slug: 'balance-ignore-action',
    question: 'Can I stop an action that is queued?',
    answer: `Yes. In the list of future actions choose to ignore it: the meeting is accepted for you and no email or decline is sent. Past actions stay listed for 7 days so you can see what happened.`,
  },
  {
    category: 'balance',
    slug: 'balance-wellness-blocks',
    question: 'What is a Wellness block?',
    answer: `A chunk of untouchable time, every week, for you to do with as you please. Choose **Focus** for deep work or **Life** for everything else (lunch, school run, the gym), pick the days and the time, and MeetWell adds it to your calendar. Meetings that clash with a Wellness block lose points and can be declined automatically.`,
  },
  {
    category: 'balance',
    slug: 'balance-evaluation-settings',
    question: 'Who decides what a good meeting is?',
    answer: `The evaluation settings: whether an agenda, objectives, an intention or video details are required, the longest meeting you want, how much notice you expect and how many attendees is too many. On a team plan the admins set them for everyone; on your own you set them yourself.`,
  },
  {
    category: 'balance',
    slug: 'balance-score',
    question: 'How is a meeting score calculated?',
    answer: `Each rule that applies passes or fails, and its weight decides how much it counts: an agenda and Wellness block conflicts 20 each, meeting conflicts and last-minute scheduling 15 each, objectives 10, an intention 6, attendee count and duration 5 each, and video details 2. The score is the weighted share of rules passed, from 0 to 100.

80 and over is great, 70 to 79 fair, 60 to 69 poor, and under 60 needs work.`,
  },
  // Plan
  {
    category: 'plan',
    slug: 'plan-week',
    question: 'What does the Plan screen show?',
    answer: `Your week at a glance: every meeting coloured by its score, your Wellness blocks, and on the side how your time is spent and your report card. Use the arrows or the date picker to move between weeks.`,
  },
  {
    category: 'plan',
    slug: 'plan-add-agenda',
    question: 'How do I add an agenda to a meeting?',
    answer: `Write it in the meeting's description in Google Calendar or Outlook, under a line that says **Agenda**, one item per line:

> Agenda: - Review last week's numbers (10 min) - Decide on the launch date (15 min)

MeetWell picks the items up on the next sync, with their durations, and the agenda rule passes. You can also add items from the meeting screen in MeetWell.`,
  },
  {
    category: 'plan',
    slug: 'plan-add-objective',
    question: 'How do I add objectives to a meeting?',
    answer: `In the meeting's description, under a line that says **Objectives** (or Goals, Purpose or Outcomes), list what the meeting must achieve, one per line. Good objectives are outcomes you can check at the end: "Pick one of the three designs", not "Discuss designs".`,
  },
  {
    category: 'plan',
    slug: 'plan-add-prework',
    question: 'How do I add pre-work to a meeting?',
    answer: `Under a line that says **Pre-work** (or Prework, Pre-read or Preparation) in the description, list what people should read or do before the meeting, one per line. Add a link to each document; MeetWell shows it on the meeting screen.`,
  },
  {
    category: 'plan',
    slug: 'plan-not-scored',
    question: 'Why does a meeting have no score?',
    answer: `Some events are not meetings worth scoring: all-day events (or anything lasting 6 hours or more), events with fewer than two people, possible Wellness blocks you haven't confirmed yet, and meetings whose evaluation you skipped.`,
  },
  {
    category: 'plan',
    slug: 'plan-possible-wellness-block',
    question: 'What is a possible Wellness block?',
    answer: `An event that looks like personal time (say "Focus time" or "Lunch") rather than a meeting. Convert it into a weekly Wellness block, or ignore the suggestion and it will be scored like any other meeting.`,
  },
  {
    category: 'plan',
    slug: 'plan-cost',
    question: 'How is the cost of a meeting worked out?',
    answer: `From the meeting's length, the number of attendees and an average annual salary (yours, or your team's in the team view) spread over 52 weeks of 40 hours. It is an estimate, but it makes a one-hour meeting with twelve people feel as expensive as it is.`,
  },
  {
    category: 'plan',
    slug: 'plan-present',
    question: 'What is Present mode?',
    answer: `A full-screen view that runs a meeting through its agenda: one item at a time, with a timer for each, Next and Back buttons (or the arrow keys), and a summary at the end. A meeting needs agenda items before it can start.`,
  },
];
