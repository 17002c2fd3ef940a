import { Badge, Group, Stack, Text } from '@mantine/core';
import { type ActionSettings, isNonComplianceAction, NON_COMPLIANCE_ACTION_LABELS } from '@meetwell/domain';
import { PlainList } from '../../../components/PlainList';
import { SectionCard } from '../../../components/SectionCard';
import { COMPLIANCE_DEADLINE_HELP } from '../../../copy/texts';
import { PreviewMailsLink } from '../../mail-preview/MailPreviewModal';
import { EditPopover } from '../EditPopover';
import { SettingRow } from '../SettingRow';
import { type SettingValue, settingChoices, valueLabel } from '../settings-options';

export type SaveActionSetting = (key: keyof ActionSettings, value: SettingValue) => Promise<unknown>;

/** What Auto-Balance does with non-compliant meetings, when, and what the user hears about it. */
export function ActionPanel({ settings, onSave }: { settings: ActionSettings; onSave: SaveActionSetting }) {
  const action = settings.non_compliance_action;
  const info = isNonComplianceAction(action) ? NON_COMPLIANCE_ACTION_LABELS[action] : null;
  return (
    <SectionCard title="Action taken" gap="sm" data-tour="action">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Group gap={8}>
              <Text fz={22} fw={750}>
                {info?.label ?? valueLabel('non_compliance_action', action)}
              </Text>
              {info?.recommended && (
                <Badge color="success" variant="light" size="sm">
                  Recommended
                </Badge>
              )}
            </Group>
            {info && (
              <Text c="dimmed" fz="sm">
                {info.description}
              </Text>
            )}
            <PreviewMailsLink />
          </div>
          <EditPopover
            label="Action taken"
            buttonLabel="Change"
            choices={settingChoices('non_compliance_action')}
            current={action}
            onSave={(value) => onSave('non_compliance_action', value)}
          />
        </Group>
        <PlainList>
          <SettingRow
            first
            label="Compliance deadline"
            description={COMPLIANCE_DEADLINE_HELP}
            value={valueLabel('compliance_deadline', settings.compliance_deadline)}
            control={
              <EditPopover
                label="Compliance deadline"
                choices={settingChoices('compliance_deadline')}
                current={settings.compliance_deadline}
                onSave={(value) => onSave('compliance_deadline', value)}
              />
            }
          />
          <SettingRow
            label="Emails to you"
            description="When we email you about the actions taken for you."
            value={valueLabel('reminder_email', settings.reminder_email)}
            control={
              <EditPopover
                label="Emails to you"
                choices={settingChoices('reminder_email')}
                current={settings.reminder_email}
                onSave={(value) => onSave('reminder_email', value)}
              />
            }
          />
        </PlainList>
      </Stack>
    </SectionCard>
  );
}
