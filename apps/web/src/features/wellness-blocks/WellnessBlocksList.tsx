import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { IconCalendarPlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { browserTimeZone } from '../../lib/timezone';
import { useIsMobile } from '../../lib/useIsMobile';
import { useSignedInUser } from '../../session/useSignedInUser';
import { blockListWindow, useWellnessBlocks, type WellnessBlock } from './api';
import { categoryOf, isLocked, recurrenceText } from './block-form';
import { CategoryIcon } from './CategoryIcon';

/** The Wellness blocks of the Balance screen; rows link to `${basePath}/block/:id`. */
export function WellnessBlocksList({ basePath }: { basePath: string }) {
  const user = useSignedInUser();
  const zone = user.time_zone || browserTimeZone();
  const mobile = useIsMobile();
  const [window] = useState(() => blockListWindow());
  const blocks = useWellnessBlocks(window);
  const addLabel = mobile ? WELLNESS_BLOCK_TEXTS.addButtonMobile : WELLNESS_BLOCK_TEXTS.addButton;
  const list = blocks.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <div>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {WELLNESS_BLOCK_TEXTS.listTitle}
          </Title>
          <Text c="dimmed">{WELLNESS_BLOCK_TEXTS.listText}</Text>
        </div>
        {list.length > 0 && (
          <Button
            component={Link}
            to={`${basePath}/block/new`}
            leftSection={<IconPlus size={16} />}
            style={{ flexShrink: 0 }}
          >
            {addLabel}
          </Button>
        )}
      </Group>

      {blocks.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading Wellness blocks" />
        </Center>
      ) : blocks.isError ? (
        <ErrorState
          emoji="🧱"
          title="We couldn't load your Wellness blocks"
          action={{ label: 'Try again', onClick: () => void blocks.refetch() }}
          order={3}
        />
      ) : list.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap="sm" ta="center">
            <IconCalendarPlus size={40} color="var(--mantine-color-brand-6)" aria-hidden="true" />
            <Title order={3} fz="lg">
              {WELLNESS_BLOCK_TEXTS.emptyTitle}
            </Title>
            <Button component={Link} to={`${basePath}/block/new`} leftSection={<IconPlus size={16} />}>
              {addLabel}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((block, index) => (
            <BlockRow key={block.id} block={block} zone={zone} basePath={basePath} first={index === 0} />
          ))}
        </Paper>
      )}
    </Stack>
  );
}

/** '1:00 pm – 2:00 pm' never breaks inside a time. */
function keepTimesTogether(text: string): string {
  return text.replace(/(\d) (am|pm)/g, '$1\u00a0$2');
}

function BlockRow({
  block,
  zone,
  basePath,
  first,
}: {
  block: WellnessBlock;
  zone: string;
  basePath: string;
  first: boolean;
}) {
  const label = block.label?.trim();
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="md"
      px={{ base: 'sm', sm: 'lg' }}
      py="sm"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <CategoryIcon category={categoryOf(block.category)} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={650} truncate c={label ? undefined : 'dimmed'} fs={label ? undefined : 'italic'}>
          {label || WELLNESS_BLOCK_TEXTS.noLabel}
        </Text>
        <Text fz="sm" c="dimmed">
          {keepTimesTogether(recurrenceText(block, zone))}
        </Text>
      </div>
      {!isLocked(block) && (
        <Anchor
          component={Link}
          to={`${basePath}/block/${encodeURIComponent(block.id)}`}
          fw={600}
          aria-label={`Edit ${label || WELLNESS_BLOCK_TEXTS.noLabel}`}
        >
          Edit
        </Anchor>
      )}
    </Group>
  );
}
