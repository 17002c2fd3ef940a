import { Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, type JsonApiResource } from '../api/client';
import { queryKeys } from '../session/queryKeys';
import classes from './Header.module.css';
import { AUTO_BALANCE_PATH } from './navigation';

interface UserSettingsAttributes {
  action_settings?: { non_compliance_action?: string | null; compliance_deadline?: number | null } | null;
}

const ACTION_LABELS: Record<string, string> = {
  do_nothing: 'Off',
  nothing: 'Off',
  none: 'Off',
  remind: 'Remind',
  remind_conflicts: 'Remind of conflicts',
  decline: 'Decline',
  decline_conflicts: 'Decline conflicts',
};

function actionLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const label = ACTION_LABELS[value];
  if (label) return label;
  const words = value.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Header summary of what Auto-Balance does with non-compliant meetings; links to the action screen. */
export function AutoBalanceSummary({ compact = false }: { compact?: boolean }) {
  const settings = useQuery({
    queryKey: queryKeys.userSettings,
    queryFn: () => api.get<JsonApiResource<UserSettingsAttributes>>('/users/settings'),
    select: (doc) => actionLabel(doc.data?.attributes?.action_settings?.non_compliance_action),
    meta: { errorToast: false },
  });
  const label = settings.data;

  return (
    <Tooltip label="What MeetWell does with meetings that break your preferences" w={260} multiline withArrow>
      <UnstyledButton
        component={Link}
        to={AUTO_BALANCE_PATH}
        className={classes.userButton}
        px="xs"
        aria-label={compact ? `Auto-Balance${label ? `: ${label}` : ''}` : undefined}
      >
        <Group gap={6} wrap="nowrap">
          <IconScale size={20} color="var(--mantine-color-brand-6)" aria-hidden="true" />
          {!compact && (
            <Text fz="sm" fw={650}>
              Auto-Balance
            </Text>
          )}
          {label && !compact && (
            <Badge size="sm" variant="light" color={label === 'Off' ? 'gray' : 'success'} tt="none">
              {label}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </Tooltip>
  );
}
