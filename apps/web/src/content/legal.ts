// Static text pages: /privacy, /terms, /dpa, /security, /referrals.
// Prices, the trial and the commission come from the domain's constants, as every page that states them.
import {
  COOKIE_DAYS,
  formatPrice,
  PRICE_PER_MEMBER_TEXT,
  REFERRAL_COMMISSION_PER_MONTH,
  TRIAL_DAYS,
} from '@meetwell/domain';

const COMMISSION_TEXT = `${formatPrice(REFERRAL_COMMISSION_PER_MONTH)} per month`;

export interface TextPage {
  title: string;
  updated?: string;
  intro: string;
  body: string;
}

export const PRIVACY: TextPage = {
  title: 'Privacy policy',
  updated: 'June 1, 2025',
  intro:
    'MeetWell exists to give people their time back, not to sell their attention. This policy says what we collect, why, and what you can do about it.',
  body: `## What we collect

- **Your account**: your name, email address, profile picture and time zone, as shared by Google or Microsoft when you sign in.
- **Your calendar**: for the calendars you choose to balance, the events' titles, times, descriptions, locations, attendees and responses. We need them to score meetings, protect your Wellness blocks and act on invitations when you ask us to.
- **Your settings**: your meeting standards, Auto-Balance choices, Wellness blocks, goals and email preferences.
- **Billing**: if you subscribe, our payment provider handles your card. We only see the plan, the status of the subscription and your invoices.

## What we don't do

- No advertising, no tracking pixels, no third-party analytics.
- We never sell or rent your data, and we don't use your calendar to train anything.
- The only cookies we set keep you signed in, protect forms against forgery and remember a referral link for ${COOKIE_DAYS} days.

## Who else sees your data

Only the services we need to run MeetWell: our hosting provider, our email provider for the messages you opted into, our payment provider if you subscribe, and Slack if you connect it. On a team plan, your team's admins see team-level reports and membership; only you see your own meeting details.

Organizers of meetings you are invited to may receive an email from MeetWell listing what their meeting is missing, when your Auto-Balance settings say so.

## Your choices

- Change what you receive in your email preferences, or [unsubscribe](/unsubscribe) from our emails (we still tell an organizer when their meeting is about to be declined, or was).
- Remove a calendar at any time from the Account page; we stop reading it immediately.
- Delete your account from the Account page. Deletion is immediate; backups are cleared within 30 days.
- Ask us for a copy of your data, or anything else, at [support@meetwell.app](mailto:support@meetwell.app).`,
};

export const TERMS: TextPage = {
  title: 'Terms of service',
  updated: 'June 1, 2025',
  intro: 'These terms apply when you use MeetWell. They are written to be read, so please do.',
  body: `## Your account

You sign in with a Google or Microsoft account that you are allowed to use, and you are responsible for what happens under it. If you use MeetWell for your employer, you confirm you may connect that work calendar.

## What MeetWell does for you

MeetWell reads the calendars you connect, scores meetings against the standards you or your team set, and, only if you turn it on, emails organizers and declines invitations on your behalf. You can change or switch off these actions at any time. You remain responsible for the meetings you accept or decline.

## Trials, plans and payment

Every account starts with a ${TRIAL_DAYS}-day free trial, no credit card required. After the trial a paid plan is needed to keep using MeetWell. Paid plans renew monthly until cancelled; a cancelled plan stays available until the end of the period already paid. Prices are listed on the [pricing page](/pricing) and may change with 30 days' notice.

## Fair use

Don't use MeetWell to send spam, to harass anyone, to break the law, or to probe or overload our service. We may suspend accounts that do.

## Your content

Your calendar data and settings stay yours. You give us permission to process them only to provide MeetWell to you, as described in our [privacy policy](/privacy).

## Availability and liability

We work hard to keep MeetWell available and correct, but we provide it as is. To the extent the law allows, our liability is limited to the amount you paid us in the 12 months before a claim.

## Ending

You can stop at any time by deleting your account. We may end the service with reasonable notice; if we do, we refund any unused prepaid period.

## Contact

Questions about these terms: [support@meetwell.app](mailto:support@meetwell.app).`,
};

export const DPA: TextPage = {
  title: 'Data processing agreement',
  updated: 'June 1, 2025',
  intro: 'For teams whose organisations need it: how MeetWell processes personal data on your behalf.',
  body: `## Roles

When a team uses MeetWell, the team's organisation is the controller of the personal data in its members' calendars, and MeetWell is the processor. This agreement forms part of our [terms of service](/terms).

## Scope of processing

- **Subject matter**: providing MeetWell: scoring meetings, protecting Wellness blocks, acting on invitations as configured, and reporting.
- **Data subjects**: team members, and the attendees and organizers of their meetings.
- **Personal data**: names, email addresses, calendar events (titles, times, descriptions, locations, attendees, responses) and settings.
- **Duration**: for as long as the team uses MeetWell, then deletion as described below.

## Our commitments

- We process personal data only on your documented instructions, which are your settings in MeetWell.
- Everyone with access to the data is bound by confidentiality.
- We apply the security measures described on our [security page](/security).
- We use only sub-processors needed to run the service (hosting, email delivery, payments), bound by equivalent obligations, and we tell you before adding a new one.
- We help you answer requests from data subjects and notify you without undue delay of any personal data breach.

## Deletion

When an account or team is deleted, its data is deleted immediately from the live system; backups are cleared within 30 days.

## Audits

On request we provide the information needed to show compliance with this agreement. Write to [support@meetwell.app](mailto:support@meetwell.app).`,
};

export const SECURITY: TextPage = {
  title: 'Security',
  intro: 'Your calendar says a lot about you. Here is how we look after it.',
  body: `## Sign-in without passwords

MeetWell never stores a password. You sign in with Google or Microsoft single sign-on, with whatever protections your account already has, such as two-factor authentication.

## Least access, used for one purpose

We only read the calendars you choose to balance, and we only write to them to add your Wellness blocks and report card events, and to answer invitations when your Auto-Balance settings say so.

## Encryption

All traffic to and from MeetWell is encrypted with TLS. Access tokens for your calendar are kept on our servers, never in your browser.

## Deletion and backups

- **Deletion is immediate**: when you delete your account, or remove a calendar, the data is removed from the live system at once.
- **Backups are kept 30 days**, so we can recover from an incident.
- **Backups are cleared within 30 days** of a deletion, as older backups expire.

## Within the team

Team admins see team reports and membership, not the contents of your meetings. Only you see your own meeting details.

## Reporting a problem

If you think you have found a security issue, please write to [support@meetwell.app](mailto:support@meetwell.app). We answer every report.`,
};

export const REFERRALS: TextPage = {
  title: 'Referrals',
  intro: `Know a team drowning in meetings? Send them our way and earn ${COMMISSION_TEXT} for every paying customer you refer.`,
  body: `## How it works

- Copy your referral link from your Account page.
- Share it with friends, colleagues or your audience.
- When someone signs up through your link within ${COOKIE_DAYS} days and becomes a paying customer, they count as your referral.

## What you earn

MeetWell costs ${PRICE_PER_MEMBER_TEXT}. For every paying customer you refer you earn a **${COMMISSION_TEXT}** commission, for as long as they keep paying.

## Good to know

- Your referral's ${TRIAL_DAYS}-day free trial is unchanged, and there is still no credit card required.
- A referral counts once: the first link used wins.
- Questions about your referrals or payouts: [support@meetwell.app](mailto:support@meetwell.app).`,
};
