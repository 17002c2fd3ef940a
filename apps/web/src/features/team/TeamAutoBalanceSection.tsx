import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ActionSettings, resolveActionSettings } from '@meetwell/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../components/SectionCard';
import { ActionPanel, type SaveActionSetting } from '../balance/action/ActionPanel';
import { PreferenceGroups } from '../balance/action/PreferenceGroups';
import { type Team, useUpdateTeam } from './api';

/** Where the team's VIP and domain lists are edited (Balance → Meeting evaluations, for admins). */
const TEAM_LISTS_PATH = '/my/balance/evaluation';

function TeamListsCard({ team }: { team: Team }) {
  const vips = team.organizer_denylist ?? [];
  const domains = team.domains_allowlist ?? [];
  return (
    <SectionCard
      title="Who gets enforced for your team"
      description="Your team's VIPs and enforced domains apply to everyone on the team. You edit them with the team's meeting evaluations."
      gap="sm"
      aria-label="Team VIPs and domains"
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          {vips.length === 0 ? 'No team VIPs' : `${vips.length} team ${vips.length === 1 ? 'VIP' : 'VIPs'}`} ·{' '}
          {domains.length === 0 ? 'All domains enforced' : `Enforced domains: ${domains.join(', ')}`}
        </Text>
        <Button component={Link} to={TEAM_LISTS_PATH} variant="light">
          Edit team VIPs and domains
        </Button>
      </Stack>
    </SectionCard>
  );
}

/**
 * The team's Auto-Balance defaults, edited with Balance's own panels: members follow them for every setting
 * they have not changed themselves.
 */
export function TeamAutoBalanceSection({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id);
  const settings = resolveActionSettings(team.action_settings);
  // The whole stored object goes back with the one change, so no other default is lost whichever way the
  // server applies the patch.
  const save: SaveActionSetting = (key, value) =>
    update.mutateAsync(
      { action_settings: { ...(team.action_settings ?? {}), [key]: value } as Partial<ActionSettings> },
      {
        onSuccess: () =>
          notifications.show({ color: 'success', message: "Your team's Auto-Balance default was saved." }),
      },
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="team-auto-balance-title">
      <div>
        <Title order={2} fz="xl" id="team-auto-balance-title">
          Team Auto-Balance defaults
        </Title>
        <Text c="dimmed" fz="sm">
          What Auto-Balance does for your members, until they change a setting themselves.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ActionPanel settings={settings} onSave={save} />
        <TeamListsCard team={team} />
      </SimpleGrid>
      <PreferenceGroups settings={settings} onSave={save} />
    </Stack>
  );
}
