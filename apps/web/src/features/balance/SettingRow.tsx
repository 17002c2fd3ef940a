import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One setting: its name and description on the left, its value and edit control on the right. */
export function SettingRow({
  label,
  description,
  value,
  extra,
  control,
  first = false,
  comingSoon = false,
}: {
  label: string;
  description?: string;
  value: string;
  /** E.g. the weight out of 100. */
  extra?: ReactNode;
  /** The edit control; null keeps its room (rows line up), undefined leaves none. */
  control?: ReactNode;
  first?: boolean;
  comingSoon?: boolean;
}) {
  return (
    <Group
      component="li"
      wrap="wrap"
      align="center"
      gap="xs"
      py={10}
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {/* The value and its control wrap under the text when the row is narrow. */}
      <div style={{ flex: '1 1 160px', minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={600} fz="sm">
            {label}
          </Text>
          {comingSoon && (
            <Badge size="xs" variant="light" color="gray">
              Coming soon
            </Badge>
          )}
        </Group>
        {description && (
          <Text fz="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
        {extra}
        <Badge
          variant="light"
          color={comingSoon ? 'gray' : 'brand'}
          tt="none"
          size="lg"
          radius="sm"
          fw={600}
          miw={104}
        >
          {value}
        </Badge>
        {control !== undefined && (
          <div style={{ width: 56, display: 'flex', justifyContent: 'flex-end', flexShrink: 0 }}>
            {control}
          </div>
        )}
      </Group>
    </Group>
  );
}
