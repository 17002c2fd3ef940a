import { Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { NON_COMPLIANCE_ACTION_LABELS, type NonComplianceAction } from '@meetwell/domain';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userSettingsQuery } from '../features/balance/api';
import classes from './Header.module.css';
import { AUTO_BALANCE_PATH } from './navigation';

/** The badge's word for the action: the domain's label, and "Off" when Auto-Balance does nothing. */
function actionLabel(action: NonComplianceAction): string {
  return action === 'do_nothing' ? 'Off' : NON_COMPLIANCE_ACTION_LABELS[action].label;
}

/** Header summary of what Auto-Balance does with non-compliant meetings; links to the action screen. */
export function AutoBalanceSummary({ compact = false }: { compact?: boolean }) {
  const settings = useQuery({
    ...userSettingsQuery,
    select: (doc) => actionLabel(doc.data.attributes.action_settings.non_compliance_action),
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
