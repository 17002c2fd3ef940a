import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Right side: sub-navigation, actions. */
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      {children}
    </Group>
  );
}
