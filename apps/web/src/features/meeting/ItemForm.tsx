import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { itemLengthHint, MAX_ITEM_CHARS } from '@meetwell/domain';
import { type FormEvent, useState } from 'react';
import { useOneAtATime } from '../../lib/useOneAtATime';
import { type Draft, EMPTY_DRAFT, ITEM_SECTIONS, withArticle } from './items';
import type { ItemKind } from './types';

/** Add an item (empty, cleared once added) or edit one (with Cancel): its text, and minutes or a link by kind. */
export function ItemForm({
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
  const once = useOneAtATime();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.description.trim()) return;
    await once(async () => {
      try {
        await onSubmit(draft);
        setDraft(initial === EMPTY_DRAFT ? EMPTY_DRAFT : draft);
      } catch {
        // The error toast says what went wrong; the text stays for another try.
      }
    });
  };
  return (
    <form onSubmit={submit} aria-label={onCancel ? `Edit ${noun}` : `Add ${noun}`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 200px' }}
          size="sm"
          aria-label={onCancel ? `Edit ${noun}` : `New ${noun}`}
          placeholder={`Add ${withArticle(noun)}`}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
          maxLength={MAX_ITEM_CHARS}
          // A longer paste stops at the limit: say so rather than cut it silently.
          description={itemLengthHint(draft.description.length)}
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
