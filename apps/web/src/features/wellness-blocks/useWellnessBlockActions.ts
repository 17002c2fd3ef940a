import { notifications } from '@mantine/notifications';
import type { WellnessBlockDraft } from '@meetwell/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../session/queryKeys';
import {
  createWellnessBlock,
  deleteWellnessBlock,
  makeWellnessBlockWeekly,
  updateWellnessBlock,
  type WellnessBlock,
  wellnessBlockKeys,
} from './api';
import { blockPayload, seriesStartDate, todayIn } from './block-form';

/**
 * What the drawer's form does with a block: save it (create or update), delete it, or make a block converted
 * from a calendar event weekly. Each refreshes the blocks, and the meetings and reports whose conflicts (and
 * so scores) a block changes; saving and deleting then close the drawer (onDone).
 */
export function useWellnessBlockActions({
  block,
  timeZone,
  onDone,
  onMadeWeekly,
}: {
  /** null for a new block. */
  block: WellnessBlock | null;
  timeZone: string;
  onDone: () => void;
  onMadeWeekly: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: wellnessBlockKeys.all });
    // A block changes the conflicts (and so the scores) of the meetings it touches.
    void queryClient.invalidateQueries({ queryKey: queryKeys.meetings });
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
  };

  const save = useMutation({
    mutationFn: async (draft: WellnessBlockDraft) => {
      const payload = blockPayload(draft, {
        timeZone: block?.time_zone || timeZone,
        fromDate: block ? seriesStartDate(block, timeZone) : todayIn(timeZone),
      });
      if (!payload) throw new Error('The block could not be scheduled');
      return block ? updateWellnessBlock(block.id, payload) : createWellnessBlock(payload);
    },
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'success', message: 'Your Wellness block was saved.' });
      onDone();
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteWellnessBlock(block?.id ?? ''),
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'success', message: 'Your Wellness block was deleted.' });
      onDone();
    },
  });

  const makeWeekly = useMutation({
    mutationFn: () => makeWellnessBlockWeekly(block?.id ?? ''),
    onSuccess: () => {
      onMadeWeekly();
      refresh();
      notifications.show({ color: 'success', message: 'Your Wellness block is now weekly.' });
    },
  });

  return { save, remove, makeWeekly };
}
