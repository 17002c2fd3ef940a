import {
  CONNECTION_PAUSE_TEXT,
  type ConnectionProblem,
  connectionProblemText,
  formatDate,
  PRODUCT_NAME,
  RECONNECT_LABEL,
  type ReconnectMethod,
} from '@meetwell/domain';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { ActionButton, EmailLayout, Paragraph, Title } from '../../mail/templates/layout';
import { type RenderedEmail, unsubscribeUrl } from '../../mail/templates/messages';
import { plainName } from '../../mail/templates/plain-name';

export type ConnectionBrokenFacts = {
  calendarName: string;
  problem: ConnectionProblem;
  method: ReconnectMethod;
  /** The last good read, in the owner's zone; null when it was never read. */
  lastGoodSyncAt: Date | null;
  timeZone: string;
  to: string;
};

/** To a calendar's owner, once each time it stops being readable: what broke, what waits, how to mend it. */
export async function connectionBrokenEmail(
  facts: ConnectionBrokenFacts,
  appUrl: string,
): Promise<RenderedEmail> {
  const name = plainName(facts.calendarName, 80, 'your calendar');
  const subject = `${PRODUCT_NAME} can no longer read “${name}”`;
  const unsubscribe = unsubscribeUrl(appUrl, facts.to);
  const lastRead = facts.lastGoodSyncAt
    ? `It was last read on ${formatDate(facts.lastGoodSyncAt, 'Short', facts.timeZone)} at ${formatDate(facts.lastGoodSyncAt, 'Time', facts.timeZone)}.`
    : 'It has not been read yet.';
  const element = h(
    EmailLayout,
    { preview: subject, unsubscribeUrl: unsubscribe },
    h(Title, null, `“${name}” needs reconnecting`),
    h(Paragraph, null, connectionProblemText(name, facts.problem)),
    h(Paragraph, null, `${lastRead} ${CONNECTION_PAUSE_TEXT}`),
    h(ActionButton, { href: `${appUrl}/my/account` }, RECONNECT_LABEL[facts.method]),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text, unsubscribeUrl: unsubscribe };
}
