import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type ActionSettings,
  RULE_GROUP_KEYS,
  RULE_GROUP_LABELS,
  RULE_GROUP_MODE_SETTING,
  RULE_GROUPS,
  type RuleGroup,
  SETTING_LABELS,
} from '@meetwell/domain';
import { PlainList } from '../../../components/PlainList';
import { SectionCard } from '../../../components/SectionCard';
import { EditPopover } from '../EditPopover';
import { SettingRow } from '../SettingRow';
import { settingChoices, valueLabel } from '../settings-options';
import type { SaveActionSetting } from './ActionPanel';

/** The personal Auto-Balance preferences in three groups (time and duration, content, attendees). */
export function PreferenceGroups({
  settings,
  onSave,
}: {
  settings: ActionSettings;
  onSave: SaveActionSetting;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {RULE_GROUPS.map((group) => (
        <PreferenceGroup key={group} group={group} settings={settings} onSave={onSave} />
      ))}
    </SimpleGrid>
  );
}

function PreferenceGroup({
  group,
  settings,
  onSave,
}: {
  group: RuleGroup;
  settings: ActionSettings;
  onSave: SaveActionSetting;
}) {
  const modeKey = RULE_GROUP_MODE_SETTING[group];
  const mode = settings[modeKey];
  const title = RULE_GROUP_LABELS[group];
  return (
    <SectionCard title={title} gap={6}>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text fz="sm" c="dimmed">
            Act when <b>{valueLabel(modeKey, mode).toLowerCase()}</b> of these {mode === 'all' ? 'are' : 'is'}{' '}
            not met
          </Text>
          <EditPopover
            label={`${title}: when to act`}
            choices={settingChoices(modeKey)}
            current={mode}
            onSave={(value) => onSave(modeKey, value)}
          />
        </Group>
        <PlainList>
          {RULE_GROUP_KEYS[group].map((key, index) => {
            const info = SETTING_LABELS[key];
            return (
              <SettingRow
                key={key}
                first={index === 0}
                label={info.label}
                description={info.description}
                value={valueLabel(key, settings[key])}
                comingSoon={info.coming_soon}
                control={
                  info.coming_soon ? null : (
                    <EditPopover
                      label={info.label}
                      choices={settingChoices(key)}
                      current={settings[key]}
                      onSave={(value) => onSave(key, value)}
                    />
                  )
                }
              />
            );
          })}
        </PlainList>
      </Stack>
    </SectionCard>
  );
}
