import { PRODUCT_NAME } from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, LinkLine, Paragraph, Title } from './layout';

/**
 * To an address someone entered on the unsubscribe page: the signed link that proves the request comes from
 * whoever reads this mailbox. Nothing changes until it is followed and confirmed.
 */
export async function unsubscribeConfirmationEmail(confirmUrl: string) {
  const element = h(
    EmailLayout,
    { preview: `Confirm that you want no more emails from ${PRODUCT_NAME}`, unsubscribeUrl: confirmUrl },
    h(Title, null, 'Confirm your unsubscribe'),
    h(
      Paragraph,
      null,
      `Someone, hopefully you, asked ${PRODUCT_NAME} to stop emailing this address. Press the button and confirm on the page it opens.`,
    ),
    h(ActionButton, { href: confirmUrl }, 'Unsubscribe'),
    h(LinkLine, { href: confirmUrl }, 'Or open this link:'),
    h(Paragraph, null, 'If you did not ask for this, ignore this email: nothing changes without the link.'),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: `Confirm your unsubscribe from ${PRODUCT_NAME}`, html, text };
}
