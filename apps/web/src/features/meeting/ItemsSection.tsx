import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconExternalLink,
  IconHelpCircle,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { MEETING_TEXTS } from '../../copy/texts';
import type { ItemAttributes } from './api';
import { type EvaluationSettingsView, useItemMutations } from './hooks';
import { type AgendaItem, type ItemKind, type MeetingItem, type PreworkItem, visibleItems } from './types';

const ITEM_SECTIONS: Record<
  ItemKind,
  {
    title: string;
    setting: 'required_agenda' | 'required_objectives' | 'required_prework';
    help: string;
    noun: string;
  }
> = {
  agenda_items: {
    title: 'Agenda',
    setting: 'required_agenda',
    help: '/faq#plan-add-agenda',
    noun: 'agenda item',
  },
  objectives: {
    title: 'Objectives',
    setting: 'required_objectives',
    help: '/faq#plan-add-objective',
    noun: 'objective',
  },
  prework_items: {
    title: 'Pre-work',
    setting: 'required_prework',
    help: '/faq#plan-add-prework',
    noun: 'pre-work item',
  },
};

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

interface Draft {
  description: string;
  minutes: number | '';
  url: string;
}

const EMPTY_DRAFT: Draft = { description: '', minutes: '', url: '' };

function draftOf(kind: ItemKind, item: MeetingItem): Draft {
  if (kind === 'agenda_items') {
    const agenda = item as AgendaItem;
    return { description: agenda.description, minutes: agenda.duration_in_mins ?? '', url: '' };
  }
  if (kind === 'prework_items') {
    const prework = item as PreworkItem;
    return { description: prework.description, minutes: prework.timebox ?? '', url: prework.url ?? '' };
  }
  return { description: item.description, minutes: '', url: '' };
}

function attributesOf(kind: ItemKind, draft: Draft): ItemAttributes {
  const description = draft.description.trim();
  const minutes = draft.minutes === '' ? null : Number(draft.minutes);
  if (kind === 'agenda_items') return { description, duration_in_mins: minutes };
  if (kind === 'prework_items') return { description, timebox: minutes, url: draft.url.trim() || null };
  return { description };
}

function ItemForm({
  kind,
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  kind: ItemKind;
  initial: Draft;
  submitLabel: string;
  pending: boolean;
  onSubmit: (draft: Draft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const { noun } = ITEM_SECTIONS[kind];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.description.trim()) return;
    try {
      await onSubmit(draft);
      setDraft(initial === EMPTY_DRAFT ? EMPTY_DRAFT : draft);
    } catch {
      // The error toast says what went wrong; the text stays for another try.
    }
  };
  return (
    <form onSubmit={submit} aria-label={onCancel ? `Edit ${noun}` : `Add ${noun}`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 200px' }}
          size="sm"
          aria-label={onCancel ? `Edit ${noun}` : `New ${noun}`}
          placeholder={`Add ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
          maxLength={1000}
          data-autofocus={onCancel ? true : undefined}
        />
        {kind === 'prework_items' && (
          <TextInput
            style={{ flex: '1 1 160px' }}
            size="sm"
            aria-label="Link"
            placeholder="https://…"
            type="url"
            value={draft.url}
            onChange={(event) => setDraft({ ...draft, url: event.currentTarget.value })}
          />
        )}
        {kind !== 'objectives' && (
          <NumberInput
            w={96}
            size="sm"
            aria-label={kind === 'agenda_items' ? 'Minutes' : 'Timebox in minutes'}
            placeholder="min"
            min={0}
            max={1440}
            allowDecimal={false}
            allowNegative={false}
            value={draft.minutes}
            onChange={(value) => setDraft({ ...draft, minutes: value === '' ? '' : Number(value) })}
          />
        )}
        <Button type="submit" size="sm" loading={pending} disabled={!draft.description.trim()}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}

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
  const [moving, setMoving] = useState(false);
  const busy = moving || remove.isPending;

  const move = async (index: number, direction: -1 | 1) => {
    const target = index + direction;
    if (target < 0 || target >= items.length) return;
    const order = [...items];
    [order[index], order[target]] = [order[target] as MeetingItem, order[index] as MeetingItem];
    setMoving(true);
    try {
      // Positions become the list order; only the items whose position changes are sent.
      for (const [position, item] of order.entries()) {
        if (item.position !== position) await update.mutateAsync({ id: item.id, attributes: { position } });
      }
    } catch {
      // toast shown by the mutation cache
    } finally {
      setMoving(false);
    }
  };

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb={6} gap="xs">
        <Group gap={6}>
          <Title order={3} fz="sm" tt="uppercase" c="dimmed">
            {title}
          </Title>
          <RequiredTag required={settings?.[setting] === true} empty={items.length === 0} />
        </Group>
        <Tooltip label={`How to add ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`} withArrow>
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
            <Paper key={item.id} withBorder p="xs" radius="md" data-testid={`${kind}-item`}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <ItemText kind={kind} item={item} />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Move up: ${item.description}`}
                    disabled={index === 0 || busy}
                    onClick={() => void move(index, -1)}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Move down: ${item.description}`}
                    disabled={index === items.length - 1 || busy}
                    onClick={() => void move(index, 1)}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Edit: ${item.description}`}
                    disabled={busy}
                    onClick={() => setEditing(item.id)}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    size="sm"
                    aria-label={`Delete: ${item.description}`}
                    disabled={busy}
                    onClick={() => remove.mutate(item.id)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
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
