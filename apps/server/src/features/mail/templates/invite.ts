import { PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, LinkLine, Paragraph, Title } from './layout';
import { type RenderedEmail, unsubscribeUrl } from './messages';

const inviteUrl = (appUrl: string, token: string) => `${appUrl}/invite/${encodeURIComponent(token)}`;

export type InviteFacts = {
  inviterName: string;
  inviterEmail: string;
  teamName: string;
  /** The invited address. */
  to: string;
};

/**
 * To the invited person: who asks them to join which team, and the link that signs them up (or, with an
 * account elsewhere, moves it to this team). Nobody asked for it at this address, so it can be unsubscribed.
 */
export async function inviteEmail(facts: InviteFacts, appUrl: string, token: string): Promise<RenderedEmail> {
  const url = inviteUrl(appUrl, token);
  const unsubscribe = unsubscribeUrl(appUrl, facts.to);
  const element = h(
    EmailLayout,
    { preview: `Join ${facts.teamName} on ${PRODUCT_NAME}`, unsubscribeUrl: unsubscribe },
    h(Title, null, `Join ${facts.teamName} on ${PRODUCT_NAME}`),
    h(
      Paragraph,
      null,
      `${facts.inviterName} (${facts.inviterEmail}) invited you to ${facts.teamName}. ${PRODUCT_NAME} scores meetings against the team's standards and helps keep calendars balanced.`,
    ),
    h(ActionButton, { href: url }, 'Accept the invite'),
    h(LinkLine, { href: url }, 'Or open this link:'),
    h(
      Paragraph,
      null,
      `The link works once. If you already use ${PRODUCT_NAME} with this address, accepting moves your account to ${facts.teamName}. Not expecting this? Ignore this email: nothing happens without the link.`,
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: `${facts.inviterName} invited you to ${facts.teamName} on ${PRODUCT_NAME}`,
    html,
    text,
    unsubscribeUrl: unsubscribe,
  };
}
