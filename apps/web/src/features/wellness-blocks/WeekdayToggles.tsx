import { Group, Toggle } from '@mantine/core';
import { WEEKDAY_NAMES, WEEKDAYS_MONDAY_FIRST, WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { useIsMobile } from '../../lib/useIsMobile';

const ALL_DAYS: readonly number[] = WEEKDAYS_MONDAY_FIRST;

/** Monday first; weekdays are 0 = Sunday … 6 = Saturday. */
function sortWeekdays(days: Iterable<number>): number[] {
  const set = new Set(days);
  return ALL_DAYS.filter((day) => set.has(day));
}

/**
 * 'Every' on the left, then Monday to Sunday. 'Every' is pressed when all seven days are, and switches all
 * of them on (or off when they already are).
 */
export function WeekdayToggles({
  value,
  onChange,
  disabled = false,
}: {
  value: readonly number[];
  onChange: (days: number[]) => void;
  disabled?: boolean;
}) {
  const size = useIsMobile() ? 'md' : 'lg';
  const selected = new Set(value);
  const every = ALL_DAYS.every((day) => selected.has(day));

  const toggle = (day: number) => {
    const next = new Set(selected);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    onChange(sortWeekdays(next));
  };

  return (
    <Group gap={6} role="group" aria-label="Days of the week">
      <Toggle
        autoWidth
        size={size}
        variant="light"
        active={every}
        onActiveChange={() => onChange(every ? [] : [...ALL_DAYS])}
        disabled={disabled}
        px="sm"
      >
        {WELLNESS_BLOCK_TEXTS.every}
      </Toggle>
      {ALL_DAYS.map((day) => {
        const name = WEEKDAY_NAMES[day] ?? '';
        return (
          <Toggle
            key={day}
            size={size}
            active={selected.has(day)}
            onActiveChange={() => toggle(day)}
            disabled={disabled}
            aria-label={name}
            title={name}
          >
            {name.slice(0, 1)}
          </Toggle>
        );
      })}
    </Group>
  );
}
