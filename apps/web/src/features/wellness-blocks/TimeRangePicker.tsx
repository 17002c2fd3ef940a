import { Group, Select, Text } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import {
  chooseFromTime,
  chooseToTime,
  formatTimeOfDay,
  initialTimeRange,
  isValidTimeRange,
  MINUTES_PER_DAY,
  type TimeRangeState,
  timeOfDayOptions,
} from '@meetwell/domain';

const FROM_OPTIONS = timeOfDayOptions().map((option) => ({
  value: String(option.value),
  label: option.label,
}));
/** The to-time may be midnight at the end of the day. */
const TO_OPTIONS = [
  ...FROM_OPTIONS.slice(1),
  { value: String(MINUTES_PER_DAY), label: formatTimeOfDay(MINUTES_PER_DAY) },
];

function withValue(options: { value: string; label: string }[], minutes: number | null) {
  if (minutes === null || options.some((option) => option.value === String(minutes))) return options;
  // A stored block off the 15-minute grid keeps its own time.
  return [...options, { value: String(minutes), label: formatTimeOfDay(minutes) }].sort(
    (a, b) => Number(a.value) - Number(b.value),
  );
}

export interface TimeRangePickerProps {
  value?: TimeRangeState;
  /** Uncontrolled start; the product default is 7:00 am – 9:00 am. */
  defaultValue?: TimeRangeState;
  onChange?: (value: TimeRangeState) => void;
  disabled?: boolean;
}

/**
 * Two time selects in 15-minute steps. Choosing a from-time moves the to-time 4 steps (1 hour) later unless
 * the to-time was already set (the rules are the domain's: chooseFromTime / chooseToTime).
 */
export function TimeRangePicker({ value, defaultValue, onChange, disabled = false }: TimeRangePickerProps) {
  const [range, setRange] = useUncontrolled<TimeRangeState>({
    value,
    defaultValue,
    finalValue: initialTimeRange(),
    onChange,
  });
  const invalid = !isValidTimeRange(range.from, range.to);

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="From"
        data={withValue(FROM_OPTIONS, range.from)}
        value={range.from === null ? null : String(range.from)}
        onChange={(next) => next !== null && setRange(chooseFromTime(range, Number(next)))}
        allowDeselect={false}
        disabled={disabled}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true }}
        w={130}
      />
      <Text pb={8} c="dimmed" aria-hidden="true">
        –
      </Text>
      <Select
        label="To"
        data={withValue(TO_OPTIONS, range.to)}
        value={range.to === null ? null : String(range.to)}
        onChange={(next) => next !== null && setRange(chooseToTime(range, Number(next)))}
        allowDeselect={false}
        disabled={disabled}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true }}
        error={invalid && range.from !== null && range.to !== null}
        aria-invalid={invalid}
        w={130}
      />
    </Group>
  );
}
