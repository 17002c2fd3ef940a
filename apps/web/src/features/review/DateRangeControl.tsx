import { Button, Group, Popover, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import type { DateRange } from '@meetwell/domain';
import { IconCalendar } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useIsMobile } from '../../lib/useIsMobile';
import { applicableRange, rangePresets, todayIso, WEEK_STARTS_ON } from './reviewState';

/**
 * The date range picker: the four presets, two months side by side on desktop and one below the presets on
 * mobile. A range is applied (onChange) only when its start and end differ by a day or more.
 */
export function DateRangeControl({
  value,
  label,
  onChange,
  today = todayIso(),
}: {
  value: DateRange;
  label: string;
  onChange: (range: DateRange) => void;
  today?: string;
}) {
  const mobile = useIsMobile();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<[string | null, string | null]>([value.start, value.end]);
  const presets = rangePresets(today);

  const apply = (start: string | null, end: string | null) => {
    const range = applicableRange(start, end);
    if (!range) return false;
    onChange(range);
    setOpened(false);
    return true;
  };

  const presetButtons = (
    <PresetButtons
      presets={presets}
      value={value}
      columns={mobile ? 2 : 1}
      onPick={(preset) => {
        setDraft([preset.start, preset.end]);
        apply(preset.start, preset.end);
      }}
    />
  );

  const picker = (
    <DatePicker
      type="range"
      value={draft}
      defaultDate={value.start}
      onChange={(next) => {
        setDraft(next);
        apply(next[0], next[1]);
      }}
      numberOfColumns={mobile ? 1 : 2}
      firstDayOfWeek={WEEK_STARTS_ON}
      maxLevel="year"
      aria-label="Date range"
    />
  );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      radius="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} aria-hidden />}
          onClick={() => {
            setDraft([value.start, value.end]);
            setOpened((o) => !o);
          }}
          aria-label={`Date range: ${label}`}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <RangeChooser mobile={mobile} presets={presetButtons} picker={picker} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The presets (last 7 days, …), the one in use highlighted. */
function PresetButtons({
  presets,
  value,
  columns,
  onPick,
}: {
  presets: ReturnType<typeof rangePresets>;
  value: DateRange;
  columns: number;
  onPick: (preset: ReturnType<typeof rangePresets>[number]) => void;
}) {
  return (
    <SimpleGrid cols={columns} spacing={6} aria-label="Presets">
      {presets.map((preset) => (
        <Button
          key={preset.label}
          variant={preset.start === value.start && preset.end === value.end ? 'light' : 'subtle'}
          size="compact-sm"
          justify="flex-start"
          onClick={() => onPick(preset)}
        >
          {preset.label}
        </Button>
      ))}
    </SimpleGrid>
  );
}

/** The dropdown: presets above the month on phones, beside the two months on wider screens; then the rule. */
function RangeChooser({
  mobile,
  presets,
  picker,
}: {
  mobile: boolean;
  presets: ReactNode;
  picker: ReactNode;
}) {
  return (
    <>
      {mobile ? (
        <Stack gap="sm">
          {presets}
          {picker}
        </Stack>
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Stack gap={4} miw={120}>
            <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
              Presets
            </Text>
            {presets}
          </Stack>
          {picker}
        </Group>
      )}
      <Text fz="xs" c="dimmed" mt={6}>
        Pick a start and an end at least a day apart.
      </Text>
    </>
  );
}
