import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { SectionCard } from '../../components/SectionCard';
import { type LicenseBy, type Team, useUpdateTeam } from './api';

const TEAM_NAME_MAX_LENGTH = 100;

/** Save stays off while the name is the current one (stats §5), and while it is empty. */
function TeamNameForm({ team }: { team: Team }) {
  const [name, setName] = useState(team.name);
  useEffect(() => setName(team.name), [team.name]);
  const update = useUpdateTeam(team.id);
  const trimmed = name.trim();
  const canSave = trimmed.length > 0 && trimmed !== team.name;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        update.mutate(
          { name: trimmed },
          { onSuccess: () => notifications.show({ color: 'success', message: 'The team name was saved.' }) },
        );
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Team name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={TEAM_NAME_MAX_LENGTH}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" disabled={!canSave} loading={update.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

/** license_by: anyone at the team's email domain joins, or only invited people; saved on choosing. */
function LicenseByChoice({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id);
  const shown = update.isPending ? update.variables.license_by : team.license_by;
  const domainDescription = team.domain
    ? `Anyone who signs up with an @${team.domain} address joins your team.`
    : 'Your team has no email domain of its own (its members use personal email addresses), so people join by invite.';

  return (
    <Radio.Group
      label="How members are added"
      value={shown ?? ''}
      onChange={(value) => {
        const next = value as LicenseBy;
        if (next === team.license_by) return;
        update.mutate(
          { license_by: next },
          {
            onSuccess: () =>
              notifications.show({
                color: 'success',
                message:
                  next === 'domain'
                    ? `Anyone at ${team.domain} can now join your team.`
                    : 'Only invited people can now join your team.',
              }),
          },
        );
      }}
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="domain"
          disabled={!team.domain || update.isPending}
          label={
            team.domain
              ? `Anyone with the same email domain (${team.domain})`
              : 'Anyone with the same email domain'
          }
          description={domainDescription}
        />
        <Radio
          value="invite"
          disabled={update.isPending}
          label="Invite only"
          description="Only the people you invite join your team."
        />
      </Stack>
    </Radio.Group>
  );
}

export function TeamSettingsSection({ team }: { team: Team }) {
  return (
    <SectionCard order={2} title="Team settings">
      <Stack gap="lg">
        <TeamNameForm team={team} />
        <LicenseByChoice team={team} />
      </Stack>
    </SectionCard>
  );
}
