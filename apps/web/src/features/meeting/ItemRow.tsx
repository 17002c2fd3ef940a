import { ActionIcon, Anchor, Group, Paper, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AgendaItem, ItemKind, MeetingItem, PreworkItem } from './types';

function ItemText({ kind, item }: { kind: ItemKind; item: MeetingItem }) {
  const agenda = kind === 'agenda_items' ? (item as AgendaItem) : null;
  const prework = kind === 'prework_items' ? (item as PreworkItem) : null;
  const minutes = agenda?.duration_in_mins ?? prework?.timebox ?? null;
  return (
    <div style={{ minWidth: 0, flex: 1 }}>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.description}
      </Text>
      <Group gap={6}>
        {typeof minutes === 'number' && minutes > 0 && (
          <Text fz="xs" c="dimmed">
            {minutes} min
          </Text>
        )}
        {agenda?.owner_name && (
          <Text fz="xs" c="dimmed">
            {agenda.owner_name}
          </Text>
        )}
        {prework?.url && (
          <Anchor href={prework.url} target="_blank" rel="noopener noreferrer" fz="xs">
            <Group gap={2} component="span">
              Open link <IconExternalLink size={12} />
            </Group>
          </Anchor>
        )}
      </Group>
    </div>
  );
}

/** One small icon button of an item's row, named for assistive technology. */
function RowAction({
  label,
  color = 'gray',
  disabled,
  onClick,
  children,
}: {
  label: string;
  color?: 'gray' | 'danger';
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color={color}
      size="sm"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}

/** An item of a list with its actions: move up, move down, edit and delete (off while the list is busy). */
export function ItemRow({
  kind,
  item,
  first,
  last,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  kind: ItemKind;
  item: MeetingItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid={`${kind}-item`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ItemText kind={kind} item={item} />
        <Group gap={2} wrap="nowrap">
          <RowAction
            label={`Move up: ${item.description}`}
            disabled={first || busy}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={14} />
          </RowAction>
          <RowAction
            label={`Move down: ${item.description}`}
            disabled={last || busy}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={14} />
          </RowAction>
          <RowAction label={`Edit: ${item.description}`} disabled={busy} onClick={onEdit}>
            <IconPencil size={14} />
          </RowAction>
          <RowAction label={`Delete: ${item.description}`} color="danger" disabled={busy} onClick={onDelete}>
            <IconTrash size={14} />
          </RowAction>
        </Group>
      </Group>
    </Paper>
  );
}
