import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MEETING_TEXTS } from '../../copy/texts';
import { type EvaluationSettingsView, useItemMutations } from './hooks';
import { ItemForm } from './ItemForm';
import { ItemRow } from './ItemRow';
import { attributesOf, draftOf, EMPTY_DRAFT, ITEM_SECTIONS, withArticle } from './items';
import { type ItemKind, type MeetingItem, visibleItems } from './types';

/** 'Required' when the evaluation setting requires the list: red while it is empty, green once it is not. */
function RequiredTag({ required, empty }: { required: boolean; empty: boolean }) {
  if (!required) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={empty ? 'danger' : 'success'}
      data-state={empty ? 'missing' : 'met'}
      tt="none"
    >
      {MEETING_TEXTS.required}
    </Badge>
  );
}

/** Swaps an item with its neighbour; positions become the list order, and only the items that move are sent. */
function useItemMoves(items: readonly MeetingItem[], update: ReturnType<typeof useItemMutations>['update']) {
  const [moving, setMoving] = useState(false);
  const move = async (index: number, direction: -1 | 1) => {
    const target = index + direction;
    if (target < 0 || target >= items.length) return;
    const moved = items[index] as MeetingItem;
    const other = items[target] as MeetingItem;
    setMoving(true);
    try {
      // Two items trade places: two requests, not one per item (after a deletion every position would
      // differ from its index, and a hundred items took a minute). Positions that do not order the list (two
      // the same) are numbered again first.
      if (items.every((item, i) => i === 0 || item.position > (items[i - 1] as MeetingItem).position)) {
        await update.mutateAsync({ id: moved.id, attributes: { position: other.position } });
        await update.mutateAsync({ id: other.id, attributes: { position: moved.position } });
      } else {
        const order = [...items];
        [order[index], order[target]] = [other, moved];
        for (const [position, item] of order.entries()) {
          if (item.position !== position) await update.mutateAsync({ id: item.id, attributes: { position } });
        }
      }
    } catch {
      // toast shown by the mutation cache
    } finally {
      setMoving(false);
    }
  };
  return { moving, move };
}

/** Agenda items, objectives or pre-work of a meeting: add, edit, reorder (up/down) and delete. */
export function ItemsSection({
  meetingId,
  kind,
  items: allItems,
  settings,
}: {
  meetingId: string;
  kind: ItemKind;
  items: MeetingItem[] | null;
  settings: EvaluationSettingsView | null | undefined;
}) {
  const { title, setting, help, noun } = ITEM_SECTIONS[kind];
  const items = visibleItems(allItems);
  const { create, update, remove } = useItemMutations(meetingId, kind);
  const [editing, setEditing] = useState<string | null>(null);
  const { moving, move } = useItemMoves(items, update);
  const busy = moving || remove.isPending;

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb={6} gap="xs">
        <Group gap={6}>
          <Title order={3} fz="sm" tt="uppercase" c="dimmed">
            {title}
          </Title>
          <RequiredTag required={settings?.[setting] === true} empty={items.length === 0} />
        </Group>
        <Tooltip label={`How to add ${withArticle(noun)}`} withArrow>
          <ActionIcon
            component={Link}
            to={help}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Help: ${title}`}
          >
            <IconHelpCircle size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap={6}>
        {items.length === 0 && (
          <Text fz="sm" c="dimmed">
            No {title.toLowerCase()} yet.
          </Text>
        )}
        {items.map((item, index) =>
          editing === item.id ? (
            <Paper key={item.id} withBorder p="xs" radius="md">
              <ItemForm
                kind={kind}
                initial={draftOf(kind, item)}
                submitLabel="Save"
                pending={update.isPending}
                onSubmit={async (draft) => {
                  await update.mutateAsync({ id: item.id, attributes: attributesOf(kind, draft) });
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            </Paper>
          ) : (
            <ItemRow
              key={item.id}
              kind={kind}
              item={item}
              first={index === 0}
              last={index === items.length - 1}
              busy={busy}
              onMove={(direction) => void move(index, direction)}
              onEdit={() => setEditing(item.id)}
              onDelete={() => remove.mutate(item.id)}
            />
          ),
        )}
        <ItemForm
          kind={kind}
          initial={EMPTY_DRAFT}
          submitLabel="Add"
          pending={create.isPending}
          onSubmit={(draft) => create.mutateAsync(attributesOf(kind, draft))}
        />
      </Stack>
    </section>
  );
}
