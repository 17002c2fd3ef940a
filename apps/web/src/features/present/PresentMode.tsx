import { Center, Modal, Stack } from '@mantine/core';
import { CLAMPED_TITLE_STYLE } from '../../components/clampedTitle';
import type { Meeting } from '../meeting/types';
import { PresentItem, PresentStart, PresentSummary } from './PresentPhases';
import { usePresentation } from './usePresentation';

export { formatElapsed } from './PresentPhases';
export type { PresentationPhase } from './usePresentation';

/**
 * Present mode: a full-screen modal that runs the meeting through its agenda, one item at a time, with a
 * per-item timer. Leaving an item saves its time spent, started_at and ended_at on the agenda item.
 */
export function PresentMode({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const presentation = usePresentation(meeting);
  const { agenda, phase, current } = presentation;
  const close = () => {
    presentation.stop();
    onClose();
  };

  return (
    <Modal
      opened
      fullScreen
      onClose={close}
      title={phase === 'not_started' ? 'Present mode' : meeting.summary?.trim() || '(No title)'}
      styles={{ title: { ...CLAMPED_TITLE_STYLE, fontWeight: 750, fontSize: 'var(--mantine-font-size-lg)' } }}
      aria-label="Present mode"
    >
      <Center mih="calc(100vh - 120px)">
        <Stack maw={760} w="100%" gap="xl" data-phase={phase}>
          {phase === 'not_started' && (
            <PresentStart meeting={meeting} agenda={agenda} onStart={presentation.start} />
          )}
          {phase === 'in_progress' && current && (
            <PresentItem
              item={current}
              index={presentation.index}
              count={agenda.length}
              elapsed={presentation.elapsed}
              onGo={presentation.go}
              onEnd={presentation.end}
            />
          )}
          {phase === 'ended' && (
            <PresentSummary agenda={agenda} spent={presentation.spent} onClose={onClose} />
          )}
        </Stack>
      </Center>
    </Modal>
  );
}
