import { Modal, Stack, Text } from '@mantine/core';
import { formatDate, WEEKDAY_NAMES } from '@meetwell/domain';
import type { MoreEvent } from './crowding';
import { type ListEvent, WeekListRow } from './MobileWeekList';
import { toDateKey } from './week';

/**
 * The events a crowded stretch of the week view gathered into "+N more", as the phone lists them: each opens
 * as it would from the grid (this dialog closes first).
 */
export function CrowdedStretch({
  stretch,
  timeZone,
  onClose,
  onSelect,
  onSelectBlock,
}: {
  stretch: MoreEvent<ListEvent> | null;
  timeZone: string;
  onClose: () => void;
  onSelect: (id: string) => void;
  onSelectBlock: (blockId: string) => void;
}) {
  const closingFirst =
    <T,>(open: (value: T) => void) =>
    (value: T) => {
      onClose();
      open(value);
    };
  return (
    <Modal opened={stretch !== null} onClose={onClose} title={stretch && `${stretch.hidden.length} more`}>
      {stretch && (
        <Stack gap="sm">
          <Text c="dimmed" fz="sm">
            {WEEKDAY_NAMES[stretch.start.getDay()]} {formatDate(toDateKey(stretch.start), 'NoYear')} ·{' '}
            {formatDate(stretch.start, 'Time', timeZone)} – {formatDate(stretch.end, 'Time', timeZone)}
          </Text>
          <Stack gap={8} data-testid="crowded-stretch">
            {stretch.hidden.map((event) => (
              <WeekListRow
                key={event.id}
                event={event}
                timeZone={timeZone}
                onSelect={closingFirst(onSelect)}
                onSelectBlock={closingFirst(onSelectBlock)}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
