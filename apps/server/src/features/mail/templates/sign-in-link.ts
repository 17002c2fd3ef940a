import { PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, LinkLine, Paragraph, Title } from './layout';

export const signInLinkUrl = (appUrl: string, token: string) =>
  `${appUrl}/sign-in/${encodeURIComponent(token)}`;

/**
 * To whoever asked for a sign-in link at this address: the one link that signs them in (creating the account
 * the first time). The same words whether or not an account exists, so the mail tells nothing either.
 */
export async function signInLinkEmail(appUrl: string, token: string, validMinutes: number) {
  const url = signInLinkUrl(appUrl, token);
  const element = h(
    EmailLayout,
    { preview: `Your ${PRODUCT_NAME} sign-in link` },
    h(Title, null, `Sign in to ${PRODUCT_NAME}`),
    h(
      Paragraph,
      null,
      `Someone, hopefully you, asked to sign in to ${PRODUCT_NAME} with this address. The button below signs you in; the first time, it also creates your account.`,
    ),
    h(ActionButton, { href: url }, `Sign in to ${PRODUCT_NAME}`),
    h(LinkLine, { href: url }, 'Or open this link:'),
    h(
      Paragraph,
      null,
      `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this email: nothing happens without the link.`,
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: `Your ${PRODUCT_NAME} sign-in link`, html, text };
}
