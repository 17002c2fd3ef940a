import { Group, Pill, PillsInput, Tooltip } from '@mantine/core';
import { addTags, type DialogText, type TagKind } from '@meetwell/domain';
import { IconLock } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { MessageDialog } from '../../../components/MessageDialog';
import { LOCKED_TAG_TOOLTIPS } from '../../../copy/texts';

export interface TagsInputProps {
  label: string;
  description?: string;
  placeholder?: string;
  kind: TagKind;
  /** The editable entries. */
  value: readonly string[];
  /** Entries added by the team: shown first, locked, never removed or saved by this input. */
  locked?: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}

/**
 * Emails or domains as pills. Entries are added with Enter, comma, on blur and on paste (several at once),
 * validated and de-duplicated by the domain's addTags; invalid ones open the 'Invalid email' / 'Invalid
 * email domain' dialog and stay in the field to be fixed.
 */
export function TagsInput({
  label,
  description,
  placeholder,
  kind,
  value,
  locked = [],
  onChange,
  disabled = false,
}: TagsInputProps) {
  const [draft, setDraft] = useState('');
  const [dialog, setDialog] = useState<DialogText | null>(null);
  /** The text last rejected: leaving the field with it unchanged does not open the dialog again. */
  const rejected = useRef<string | null>(null);

  const commit = (raw: string, source: 'key' | 'blur' | 'paste') => {
    if (!raw.trim()) {
      setDraft('');
      return;
    }
    if (source === 'blur' && raw === rejected.current) return;
    const result = addTags([...locked, ...value], raw, kind);
    if (result.added.length > 0) onChange([...value, ...result.added]);
    const left = result.invalid.join(', ');
    rejected.current = left || null;
    setDraft(left);
    if (result.dialog) setDialog(result.dialog);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      commit(draft, 'key');
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    commit(`${draft} ${text}`, 'paste');
  };

  const tooltip = LOCKED_TAG_TOOLTIPS[kind];

  return (
    <>
      <PillsInput label={label} description={description} disabled={disabled}>
        <Pill.Group>
          {locked.map((entry) => (
            <Tooltip key={`locked:${entry}`} label={tooltip} withArrow>
              <Pill
                tabIndex={0}
                aria-label={`${entry} (${tooltip})`}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconLock size={12} aria-hidden="true" />
                  {entry}
                </Group>
              </Pill>
            </Tooltip>
          ))}
          {value.map((entry) => (
            <Pill
              key={entry}
              withRemoveButton={!disabled}
              onRemove={() => onChange(value.filter((item) => item !== entry))}
              // Reachable by keyboard and screen readers too (Mantine hides it: Backspace removes the last).
              removeButtonProps={{ 'aria-label': `Remove ${entry}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {entry}
            </Pill>
          ))}
          <PillsInput.Field
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => commit(draft, 'blur')}
            onPaste={onPaste}
            placeholder={placeholder}
            aria-label={label}
            disabled={disabled}
          />
        </Pill.Group>
      </PillsInput>
      <MessageDialog dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
