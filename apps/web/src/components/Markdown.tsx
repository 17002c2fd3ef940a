import { Anchor, Blockquote, List, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

// A deliberately small Markdown subset for the static content of the site:
// '## ' and '### ' headings, '- ' lists, '> ' quotes, paragraphs, **bold** and [links](/path).

const INLINE = /(\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g;

function renderInline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    const key = `${index}-${part.slice(0, 12)}`;
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={key}>{part.slice(2, -2)}</strong>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, href] = link as unknown as [string, string, string];
      return href.startsWith('/') ? (
        <Anchor key={key} component={Link} to={href} inherit>
          {label}
        </Anchor>
      ) : (
        <Anchor key={key} href={href} inherit target={href.startsWith('http') ? '_blank' : undefined}>
          {label}
        </Anchor>
      );
    }
    return <Fragment key={key}>{part}</Fragment>;
  });
}

export function Markdown({ source }: { source: string }) {
  const blocks = source.trim().split(/\n\s*\n/);
  return (
    <div>
      {blocks.map((block, index) => {
        const key = `${index}-${block.slice(0, 16)}`;
        const first = index === 0;
        const last = index === blocks.length - 1;
        const lines = block.split('\n').map((line) => line.trim());
        const head = lines[0] ?? '';
        if (head.startsWith('### ')) {
          return (
            <Title key={key} order={3} fz="lg" mt={first ? 0 : 'lg'} mb="xs">
              {renderInline(head.slice(4))}
            </Title>
          );
        }
        if (head.startsWith('## ')) {
          return (
            <Title key={key} order={2} fz="xl" mt={first ? 0 : 'xl'} mb="sm">
              {renderInline(head.slice(3))}
            </Title>
          );
        }
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <List key={key} spacing={6} mb={last ? 0 : 'md'} pl={4}>
              {lines.map((line) => (
                <List.Item key={line}>{renderInline(line.slice(2))}</List.Item>
              ))}
            </List>
          );
        }
        if (lines.every((line) => line.startsWith('>'))) {
          return (
            <Blockquote key={key} color="brand" mt={first ? 0 : 'md'} mb={last ? 0 : 'md'} p="md">
              {renderInline(lines.map((line) => line.replace(/^>\s?/, '')).join(' '))}
            </Blockquote>
          );
        }
        return (
          <Text key={key} mb={last ? 0 : 'md'} lh={1.7}>
            {renderInline(lines.join(' '))}
          </Text>
        );
      })}
    </div>
  );
}
