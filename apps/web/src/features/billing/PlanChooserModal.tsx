import { Modal, VisuallyHidden } from '@mantine/core';
import { useIsMobile } from '../../lib/useIsMobile';
import { useSignedInUser } from '../../session/useSignedInUser';
import { PlanChooser } from './PlanChooser';

const CHOOSE_PLAN_DIALOG_TITLE = 'Choose a plan';

/**
 * The plan chooser over the Balance screen (/my/balance/action/choose-plan and /my/balance/choose-plan).
 * A deactivated account never sees it: the app layout sends it to the plan chooser page instead.
 */
export function PlanChooserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const mobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      radius="lg"
      fullScreen={mobile}
      title={<VisuallyHidden>{CHOOSE_PLAN_DIALOG_TITLE}</VisuallyHidden>}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PlanChooser mode="app" user={user} />
    </Modal>
  );
}
