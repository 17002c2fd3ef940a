import { Badge, Button, Group, Popover, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { unchangedSelectionHint } from '@meetwell/domain';
import { useState } from 'react';
import { decodeChoice, encodeChoice, type SettingChoice, type SettingValue } from './settings-options';

export interface EditPopoverProps {
  /** What is edited, e.g. 'Desired duration' (names the button 'Edit Desired duration'). */
  label: string;
  choices: readonly SettingChoice[];
  current: SettingValue | undefined;
  /** Resolves when saved; the popover closes then. */
  onSave: (value: SettingValue) => Promise<unknown>;
  disabled?: boolean;
  /** The button's text (default 'Edit'). */
  buttonLabel?: string;
}

/**
 * An edit popover: the choices as radios and a Save that stays disabled while the choice is the current
 * value (tooltip 'This is already selected').
 */
export function EditPopover({
  label,
  choices,
  current,
  onSave,
  disabled = false,
  buttonLabel = 'Edit',
}: EditPopoverProps) {
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState(encodeChoice(current));
  const [saving, setSaving] = useState(false);
  const currentKey = encodeChoice(current);
  const hint = unchangedSelectionHint(selected, currentKey);

  const open = () => {
    setSelected(currentKey);
    setOpened(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSave(decodeChoice(selected));
      setOpened(false);
    } catch {
      // The error toast already told the user; the popover stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  const saveButton = (
    <Button size="xs" onClick={() => void save()} disabled={hint !== null} loading={saving}>
      Save
    </Button>
  );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={300}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => (opened ? setOpened(false) : open())}
          disabled={disabled}
          aria-label={`${buttonLabel} ${label}`}
          style={{ flexShrink: 0 }}
        >
          {buttonLabel}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={700} fz="sm">
            {label}
          </Text>
          <Radio.Group value={selected} onChange={setSelected} aria-label={label}>
            <Stack gap={8}>
              {choices.map((choice) => (
                <Radio
                  key={encodeChoice(choice.value)}
                  value={encodeChoice(choice.value)}
                  label={
                    <Group gap={6} component="span">
                      <span>{choice.label}</span>
                      {choice.recommended && (
                        <Badge size="xs" color="success" variant="light">
                          Recommended
                        </Badge>
                      )}
                    </Group>
                  }
                  description={choice.description}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            {hint ? (
              <Tooltip label={hint} withArrow>
                <span>{saveButton}</span>
              </Tooltip>
            ) : (
              saveButton
            )}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
