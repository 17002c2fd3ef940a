import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { WELLNESS_BLOCK_CATEGORY_LABELS } from '@meetwell/domain';
import { useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { useAnswerPossibleBlock } from './hooks';
import type { Meeting } from './types';

/** A possible Wellness block: convert it (confirmed first when others attend) or ignore it. */
export function PossibleBlockPanel({ meeting }: { meeting: Meeting }) {
  const answer = useAnswerPossibleBlock(meeting.id);
  const [confirming, setConfirming] = useState(false);
  const category = meeting.maybe_wellness_block_category === 'life' ? 'life' : 'focus';
  const others = (meeting.attendees_count ?? 0) > 1;

  return (
    <Paper component="section" withBorder radius="md" p="md" bg="gray.0" aria-label="Possible Wellness block">
      <Stack gap="xs">
        <Title order={3} fz="md">
          Possible Wellness block
        </Title>
        <Text fz="sm" c="dimmed">
          This looks like protected {WELLNESS_BLOCK_CATEGORY_LABELS[category].toLowerCase()} time rather than
          a meeting. Make it a Wellness block to keep it free, or ignore the suggestion.
        </Text>
        <Group gap="xs">
          <Button
            size="sm"
            loading={answer.isPending && answer.variables === 'verified_true'}
            disabled={answer.isPending}
            onClick={() => (others ? setConfirming(true) : answer.mutate('verified_true'))}
          >
            Convert to a Wellness block
          </Button>
          <Button
            size="sm"
            variant="default"
            loading={answer.isPending && answer.variables === 'verified_false'}
            disabled={answer.isPending}
            onClick={() => answer.mutate('verified_false')}
          >
            Ignore
          </Button>
        </Group>
      </Stack>
      <AlertDialog
        opened={confirming}
        title="Convert to a Wellness block?"
        text={`This event has ${meeting.attendees_count} attendees. It will become one of your Wellness blocks and will no longer be scored as a meeting.`}
        confirmLabel="Convert"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          answer.mutate('verified_true');
        }}
      />
    </Paper>
  );
}
