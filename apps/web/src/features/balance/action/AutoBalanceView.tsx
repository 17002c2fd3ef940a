import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ActionSettings } from '@meetwell/domain';
import { ErrorState } from '../../../components/ErrorState';
import { SectionCard } from '../../../components/SectionCard';
import { useBalanceSettings, usePatchSettings } from '../api';
import { DomainList, VipList } from '../lists/EnforcementLists';
import { ActionPanel, type SaveActionSetting } from './ActionPanel';
import { ActionsLists } from './ActionsLists';
import { AddVipConfirmation } from './AddVipConfirmation';
import { PossibleBlocks } from './PossibleBlocks';
import { PreferenceGroups } from './PreferenceGroups';
import { StoppedWork } from './StoppedWork';

/** Balance → Auto-balance: what is acted on, how, for whom, and what was and will be done. */
export function AutoBalanceView() {
  const settings = useBalanceSettings();
  const patch = usePatchSettings();
  const save: SaveActionSetting = (key, value) =>
    patch.mutateAsync({ action_settings: { [key]: value } as Partial<ActionSettings> });

  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading your Auto-Balance settings" />
      </Center>
    );
  }
  if (settings.isError) {
    return (
      <ErrorState
        emoji="⚖️"
        title="We couldn't load your Auto-Balance settings"
        action={{ label: 'Try again', onClick: () => void settings.refetch() }}
        order={2}
      />
    );
  }

  const action = settings.data.action;
  return (
    <Stack gap="lg">
      <StoppedWork />
      <AddVipConfirmation />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ActionPanel settings={action} onSave={save} />
        <SectionCard title="Who gets enforced?" data-tour="enforce">
          <Stack gap="md">
            <VipList />
            <DomainList />
          </Stack>
        </SectionCard>
      </SimpleGrid>

      <Stack gap="xs">
        <div>
          <Title order={2} fz="xl">
            Your Auto-Balance preferences
          </Title>
          <Text c="dimmed" fz="sm">
            Required meetings you haven't answered yet that break these preferences are acted on. Only you see
            these.
          </Text>
        </div>
        <PreferenceGroups settings={action} onSave={save} />
      </Stack>

      <ActionsLists />
      <PossibleBlocks />
    </Stack>
  );
}
