import { Group, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card of the Team management page, named by its heading for assistive technology. */
export function Section({
  title,
  description,
  right,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Beside the title: a count, an action. */
  right?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id={headingId}>
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
    </Paper>
  );
}
