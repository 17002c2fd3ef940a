import { WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { Drawer } from '@mantine/core';
import { BuildingNotice } from '../../components/BuildingNotice';

/**
 * /my/plan/block/new and /my/plan/block/:blockId open the Wellness block drawer, which the Balance work
 * provides. Until it lands this placeholder keeps the route honest; replace it with the real drawer.
 */
export function BlockDrawerPlaceholder({ blockId, onClose }: { blockId: string; onClose: () => void }) {
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      title={blockId === 'new' ? WELLNESS_BLOCK_TEXTS.newTitle : WELLNESS_BLOCK_TEXTS.editTitle}
    >
      <BuildingNotice>The Wellness block editor is being built.</BuildingNotice>
    </Drawer>
  );
}
