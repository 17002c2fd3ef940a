import { PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, LinkLine, Paragraph, Title } from './layout';
import { type RenderedEmail, unsubscribeUrl } from './messages';
import { plainName } from './plain-name';

const inviteUrl = (appUrl: string, token: string) => `${appUrl}/invite/${encodeURIComponent(token)}`;

export type InviteFacts = {
  inviterName: string;
  inviterEmail: string;
  teamName: string;
  /** The invited address. */
  to: string;
  /** When the link stops working. */
  expiresAt: Date;
};

/** Every invite has this subject: nothing anyone types reaches a subject line. */
export const INVITE_SUBJECT = `You are invited to a team on ${PRODUCT_NAME}`;

const dateOf = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * To the invited person: who asks them to join which team, and the link that signs them up (or, with an
 * account elsewhere, moves it to this team). Nobody asked for it at this address, so it can be unsubscribed.
 * The subject is fixed and the names are plain text, cleaned and cut (plainName): an invite cannot carry a
 * message of the sender's choosing to an address of the sender's choosing.
 */
export async function inviteEmail(facts: InviteFacts, appUrl: string, token: string): Promise<RenderedEmail> {
  const url = inviteUrl(appUrl, token);
  const unsubscribe = unsubscribeUrl(appUrl, facts.to);
  const inviter = plainName(facts.inviterName, 60, 'A team admin');
  const team = plainName(facts.teamName, 60, 'their team');
  const element = h(
    EmailLayout,
    { preview: INVITE_SUBJECT, unsubscribeUrl: unsubscribe },
    h(Title, null, `Join your team on ${PRODUCT_NAME}`),
    h(
      Paragraph,
      null,
      `${inviter} (${facts.inviterEmail}) invited you to the team “${team}”. ${PRODUCT_NAME} scores meetings against the team's standards and helps keep calendars balanced.`,
    ),
    h(ActionButton, { href: url }, 'Accept the invite'),
    h(LinkLine, { href: url }, 'Or open this link:'),
    h(
      Paragraph,
      null,
      `The link works once, until ${dateOf(facts.expiresAt)}. If you already use ${PRODUCT_NAME} with this address, accepting moves your account to this team. Not expecting this? Ignore this email: nothing happens without the link.`,
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: INVITE_SUBJECT, html, text, unsubscribeUrl: unsubscribe };
}

export { inviteUrl };
