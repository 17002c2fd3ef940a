import { type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list without bullets or indent: rows (settings, actions, members, invoices) stacked with `gap` between. */
export function PlainList({
  gap = 0,
  children,
  ...rest
}: {
  gap?: MantineSpacing | number;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <Stack gap={gap} component="ul" m={0} p={0} style={{ listStyle: 'none' }} {...rest}>
      {children}
    </Stack>
  );
}
