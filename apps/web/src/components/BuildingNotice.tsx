import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Honest placeholder body for app screens that a later issue fills in. */
export function BuildingNotice({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0" style={{ borderStyle: 'dashed' }}>
      <Text c="dimmed">{children}</Text>
    </Paper>
  );
}
