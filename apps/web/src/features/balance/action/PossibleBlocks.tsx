import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@meetwell/domain';
import { useState } from 'react';
import { AlertDialog } from '../../../components/AlertDialog';
import { PlainList } from '../../../components/PlainList';
import { SectionCard } from '../../../components/SectionCard';
import { browserTimeZone } from '../../../lib/timezone';
import { useSignedInUser } from '../../../session/useSignedInUser';
import { categoryOf } from '../../wellness-blocks/block-form';
import { CategoryIcon } from '../../wellness-blocks/CategoryIcon';
import { type PossibleBlock, useAnswerPossibleBlock, usePossibleBlocks } from '../api';

/** Meetings that look like personal time: make them Wellness blocks, or ignore the suggestion. */
export function PossibleBlocks() {
  const blocks = usePossibleBlocks();
  const list = blocks.data ?? [];
  if (list.length === 0) return null;
  return (
    <SectionCard
      title="Possible Wellness blocks"
      description="These look like time for yourself. Make them Wellness blocks to protect them."
      gap="sm"
    >
      <PlainList>
        {list.map((block, index) => (
          <PossibleBlockRow key={block.id} block={block} first={index === 0} />
        ))}
      </PlainList>
    </SectionCard>
  );
}

function PossibleBlockRow({ block, first }: { block: PossibleBlock; first: boolean }) {
  const user = useSignedInUser();
  const zone = user.time_zone || browserTimeZone();
  const answer = useAnswerPossibleBlock();
  const [confirm, setConfirm] = useState(false);
  const summary = block.summary?.trim() || 'Untitled meeting';
  const category = categoryOf(block.maybe_wellness_block_category?.toLowerCase());

  const send = (value: 'verified_true' | 'verified_false') =>
    answer.mutate(
      { id: block.id, answer: value },
      {
        onSuccess: () =>
          notifications.show({
            color: 'success',
            message:
              value === 'verified_true' ? `“${summary}” is now a Wellness block.` : 'Suggestion ignored.',
          }),
      },
    );

  return (
    <Group
      component="li"
      wrap="wrap"
      gap="md"
      py="sm"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <CategoryIcon category={category} />
      <div style={{ flex: '1 1 180px', minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={650} truncate>
            {summary}
          </Text>
          {block.recurring_meeting && (
            <Badge size="xs" variant="light" color="gray">
              Recurring
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {formatDate(block.starts_at, 'dddd, MMMM Do', zone)} · {formatDate(block.starts_at, 'Time', zone)} –{' '}
          {formatDate(block.ends_at, 'Time', zone)}
        </Text>
      </div>
      <Group gap={6} wrap="nowrap" ml="auto">
        <Button
          size="compact-sm"
          loading={answer.isPending && answer.variables?.answer === 'verified_true'}
          disabled={answer.isPending}
          onClick={() => ((block.attendees_count ?? 1) > 1 ? setConfirm(true) : send('verified_true'))}
          aria-label={`Convert ${summary} to a Wellness block`}
        >
          Convert
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={answer.isPending && answer.variables?.answer === 'verified_false'}
          disabled={answer.isPending}
          onClick={() => send('verified_false')}
          aria-label={`Ignore ${summary}`}
        >
          Ignore
        </Button>
      </Group>
      <AlertDialog
        opened={confirm}
        title="Make this meeting a Wellness block?"
        text="Other people are invited to it. It becomes a Wellness block in your calendar only."
        confirmLabel="Convert"
        onConfirm={() => {
          setConfirm(false);
          send('verified_true');
        }}
        onCancel={() => setConfirm(false)}
      />
    </Group>
  );
}
