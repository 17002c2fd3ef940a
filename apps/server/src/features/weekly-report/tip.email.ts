import { PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, LinkLine, Paragraph, Title } from '../mail/templates/layout';
import { type RenderedEmail, unsubscribeUrl } from '../mail/templates/messages';

export type TipFacts = { to: string; title: string; description: string };

const accountUrl = (appUrl: string) => `${appUrl}/my/account`;

/** To the person, on Thursday morning: one tip they have not seen in the app. */
export async function tipEmail(facts: TipFacts, appUrl: string): Promise<RenderedEmail> {
  const unsubscribe = unsubscribeUrl(appUrl, facts.to);
  const element = h(
    EmailLayout,
    { preview: facts.description, unsubscribeUrl: unsubscribe },
    h(Title, null, facts.title),
    h(Paragraph, null, facts.description),
    h(ActionButton, { href: `${appUrl}/my/review/you` }, `Open ${PRODUCT_NAME}`),
    h(
      LinkLine,
      { href: accountUrl(appUrl) },
      'One tip a week, each only once. Turn tips off in your account settings:',
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: `Tip of the week: ${facts.title}`, html, text, unsubscribeUrl: unsubscribe };
}
