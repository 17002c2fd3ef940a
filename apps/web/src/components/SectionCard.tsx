import { Group, type MantineSpacing, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the heading: a count, an action. */
  right?: ReactNode;
  /** The heading's level: 2 where the card is a part of the page, 3 under a page section's heading. */
  order?: 2 | 3;
  titleSize?: 'md' | 'lg';
  /** The space between the heading and the content (one element: a list, a grid, a stack of its own). */
  gap?: MantineSpacing | number;
  /** How the heading and `right` line up. */
  align?: 'flex-start' | 'flex-end';
  children?: ReactNode;
  'aria-label'?: string;
  'data-tour'?: string;
  'data-pdf-block'?: boolean;
}

/**
 * A titled card of a page (Balance, Review, Team management): a bordered section named by its heading for
 * assistive technology (or by `aria-label` when the heading says something else), with an optional line of
 * description under the heading and something beside it (a count, an action).
 */
export function SectionCard({
  title,
  description,
  right,
  order = 3,
  titleSize = 'lg',
  gap = 'md',
  align = 'flex-start',
  children,
  ...rest
}: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={rest['aria-label'] ? undefined : headingId}
      {...rest}
    >
      <Stack gap={gap}>
        <Group justify="space-between" align={align} gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={order} fz={titleSize} id={headingId}>
              {title}
            </Title>
            {description && (
              <Text fz="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {right}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
