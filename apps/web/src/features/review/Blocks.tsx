// Small building blocks of the Review page: a titled panel, a stat with its trend.
import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatPercent, type Trend } from '@meetwell/domain';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionCard, type SectionCardProps } from '../../components/SectionCard';

/** A titled panel of the Review page; a skeleton while its figures load. */
export function Panel({
  children,
  loading = false,
  ...rest
}: Omit<SectionCardProps, 'order' | 'titleSize'> & { loading?: boolean }) {
  return (
    <SectionCard titleSize="md" {...rest}>
      {loading ? <Skeleton height={120} radius="md" /> : children}
    </SectionCard>
  );
}

/**
 * A trend against the previous span: ↑ / ↓ with the growth in percent. `goodWhen` says which direction is
 * good news (more meetings scheduled last minute is bad; a higher average score is good).
 */
export function TrendBadge({
  trend,
  goodWhen = 'up',
}: {
  trend: Trend | null | undefined;
  goodWhen?: 'up' | 'down';
}) {
  if (!trend) return null;
  // Nothing in the previous span to compare with: no percentage, only whether there is something new.
  if (trend.percent_growth === null) {
    return trend.trending === 'up' ? (
      <Badge color="gray" variant="light" radius="sm" aria-label="New: nothing in the previous span">
        New
      </Badge>
    ) : null;
  }
  const growth = trend.percent_growth;
  const color = trend.trending === 'flat' ? 'gray' : trend.trending === goodWhen ? 'success' : 'danger';
  const Icon =
    trend.trending === 'up' ? IconArrowUpRight : trend.trending === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      leftSection={<Icon size={12} aria-hidden />}
      aria-label={`${trend.trending} ${formatPercent(Math.abs(growth))} from the previous span`}
    >
      {formatPercent(Math.abs(growth))}
    </Badge>
  );
}

export function Stat({
  label,
  value,
  hint,
  trend,
  goodWhen,
  color,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  trend?: Trend | null;
  goodWhen?: 'up' | 'down';
  color?: string;
}) {
  return (
    <Stack gap={4}>
      <Text fz="xs" tt="uppercase" c="dimmed" fw={700} style={{ letterSpacing: 0.5 }}>
        {label}
      </Text>
      <Group gap={6} align="center" wrap="wrap">
        <Text fz={28} fw={800} lh={1.1} c={color}>
          {value}
        </Text>
        <TrendBadge trend={trend} goodWhen={goodWhen} />
      </Group>
      {hint && (
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** 'Dana (VendorCo)' → 'DV'; an email → its first letter. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s@.]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}
