import { COLORS, PRODUCT_NAME } from '@meetwell/domain';
// Each component from its own package: the @react-email/components index also loads the code-block
// highlighter (prismjs) and markdown, a third of a second at every start for nothing we use.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, createElement as h, type ReactNode } from 'react';

const body: CSSProperties = {
  backgroundColor: '#f4f6f8',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const container: CSSProperties = {
  backgroundColor: '#ffffff',
  borderRadius: 8,
  margin: '0 auto',
  maxWidth: 560,
  padding: '24px 32px',
};
const brand: CSSProperties = { color: COLORS.primary, fontSize: 18, fontWeight: 700, margin: '0 0 16px' };
const heading: CSSProperties = { color: '#1a1a1a', fontSize: 20, lineHeight: '28px', margin: '0 0 12px' };
const paragraph: CSSProperties = { color: '#333333', fontSize: 15, lineHeight: '24px', margin: '0 0 12px' };
const listItem: CSSProperties = { ...paragraph, margin: '0 0 4px', paddingLeft: 8 };
const button: CSSProperties = {
  backgroundColor: COLORS.primary,
  borderRadius: 6,
  color: '#ffffff',
  display: 'inline-block',
  fontSize: 15,
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
const footer: CSSProperties = { color: '#8a939c', fontSize: 12, lineHeight: '18px', margin: 0 };
const quote: CSSProperties = {
  ...paragraph,
  borderLeft: `3px solid ${COLORS.primary}`,
  fontStyle: 'italic',
  paddingLeft: 12,
};

/**
 * Every mail: the brand, the content, and a footer with the unsubscribe link. A mail the person asked for (a
 * sign-in link) has no unsubscribe link: an opt-out does not stop it.
 */
export function EmailLayout(props: { preview: string; unsubscribeUrl?: string; children?: ReactNode }) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, props.preview),
    h(
      Body,
      { style: body },
      h(
        Container,
        { style: container },
        h(Text, { style: brand }, PRODUCT_NAME),
        props.children,
        h(Hr, { style: { borderColor: '#e6e9ec', margin: '24px 0 16px' } }),
        props.unsubscribeUrl
          ? h(
              Text,
              { style: footer },
              `${PRODUCT_NAME} helps people keep meetings healthy and calendars balanced. Don't want these emails? `,
              h(Link, { href: props.unsubscribeUrl, style: { color: '#8a939c' } }, 'Unsubscribe'),
              '.',
            )
          : h(
              Text,
              { style: footer },
              `${PRODUCT_NAME} helps people keep meetings healthy and calendars balanced.`,
            ),
      ),
    ),
  );
}

export const Title = (props: { children?: ReactNode }) =>
  h(Heading, { as: 'h1', style: heading }, props.children);
export const Paragraph = (props: { children?: ReactNode }) => h(Text, { style: paragraph }, props.children);
export const Quote = (props: { children?: ReactNode }) => h(Text, { style: quote }, props.children);

/** The failed rules, one line each. */
export function ViolationList(props: { violations: readonly string[] }) {
  return h(
    Section,
    { style: { margin: '0 0 12px' } },
    ...props.violations.map((violation) => h(Text, { key: violation, style: listItem }, `• ${violation}`)),
  );
}

export function ActionButton(props: { href: string; children?: ReactNode }) {
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    h(Button, { href: props.href, style: button }, props.children),
  );
}

export function LinkLine(props: { href: string; children?: ReactNode }) {
  return h(
    Text,
    { style: { ...paragraph, fontSize: 13 } },
    props.children,
    ' ',
    h(Link, { href: props.href }, props.href),
  );
}

/** A line of text ending in a short link ('Friday … (declined at …): Keep this date'). */
export function LabelledLink(props: { href: string; label: string; children?: ReactNode }) {
  return h(
    Text,
    { style: { ...paragraph, fontSize: 13 } },
    props.children,
    ' ',
    h(Link, { href: props.href }, props.label),
  );
}
