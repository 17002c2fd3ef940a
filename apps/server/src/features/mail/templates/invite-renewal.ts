import { PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, Paragraph, Title } from './layout';
import { type RenderedEmail, unsubscribeUrl } from './messages';
import { plainName } from './plain-name';

export const INVITE_RENEWAL_SUBJECT = `A new invite is asked for on ${PRODUCT_NAME}`;

/**
 * To the admin who sent an invite that expired, when the invited person opens its link and asks for a new
 * one: who asks, and where to send it. Sent once per invite.
 */
export async function inviteRenewalEmail(
  facts: { invitedEmail: string; teamName: string; sentOn: Date; to: string },
  appUrl: string,
): Promise<RenderedEmail> {
  const unsubscribe = unsubscribeUrl(appUrl, facts.to);
  const team = plainName(facts.teamName, 60, 'your team');
  const sentOn = facts.sentOn.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const element = h(
    EmailLayout,
    { preview: INVITE_RENEWAL_SUBJECT, unsubscribeUrl: unsubscribe },
    h(Title, null, 'Someone asks for a new invite'),
    h(
      Paragraph,
      null,
      `${facts.invitedEmail} opened the invite to “${team}” sent on ${sentOn}, which has expired, and asks for a new one. Invite links work for 14 days.`,
    ),
    h(ActionButton, { href: `${appUrl}/my/team-management` }, 'Open Team management'),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: INVITE_RENEWAL_SUBJECT, html, text, unsubscribeUrl: unsubscribe };
}
