import { Button, Group, Paper, Switch, Text, Title } from '@mantine/core';
import { IconBrandSlack } from '@tabler/icons-react';
import { useAuthProviders } from '../../session/authProviders';
import type { CurrentUser } from '../../session/types';
import { SLACK_CONNECT_URL, useDisconnectSlack, useUpdateUser } from './api';

/** Slack do-not-disturb during Wellness blocks: connect (dnd:write), switch on or off, disconnect. */
export function SlackCard({ user }: { user: CurrentUser }) {
  const providers = useAuthProviders();
  const update = useUpdateUser();
  const disconnect = useDisconnectSlack();
  const connected = user.dnd_slack === true || user.dnd_slack === false;
  const available = providers.data?.slackEnabled === true;

  return (
    <Paper withBorder radius="lg" p="lg">
      <Group gap="xs" mb="xs">
        <IconBrandSlack size={20} />
        <Title order={2} fz="lg">
          Slack integration
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        Snooze your Slack notifications while your Wellness blocks run.
      </Text>
      {connected ? (
        <Group justify="space-between" wrap="nowrap">
          <Switch
            label="Do not disturb during Wellness blocks"
            checked={user.dnd_slack === true}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ dnd_slack: event.currentTarget.checked })}
          />
          <Button
            variant="subtle"
            color="gray"
            loading={disconnect.isPending}
            onClick={() => disconnect.mutate()}
          >
            Disconnect
          </Button>
        </Group>
      ) : available ? (
        <Button
          variant="light"
          leftSection={<IconBrandSlack size={16} />}
          onClick={() => window.location.assign(SLACK_CONNECT_URL)}
        >
          Connect Slack
        </Button>
      ) : (
        <Text fz="sm">Slack is not set up on this server.</Text>
      )}
    </Paper>
  );
}
