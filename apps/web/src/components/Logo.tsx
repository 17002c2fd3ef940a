import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@meetwell/domain';

function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
      <path d="M8 18.5a8 8 0 0 1 16 0" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M16 18.5l4.2-4.6" stroke="#1db08c" strokeWidth="3" strokeLinecap="round" />
      <circle cx="16" cy="18.5" r="2" fill="#fff" />
    </svg>
  );
}

export function Logo({ withText = true }: { withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      {withText && (
        <Text component="span" fw={800} fz="lg" c="dark.8" style={{ letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
