import { Modal, VisuallyHidden } from '@mantine/core';
import { ADMIN_ROLE } from '../../lib/constants';
import { useIsMobile } from '../../lib/useIsMobile';
import type { CurrentUser } from '../../session/types';
import { isOnTrial, trialDaysLeft } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { PlanChooser } from './PlanChooser';

/** Admins choose the plan; so does someone without a team (their own admin), even once deactivated. */
export function canChoosePlan(user: CurrentUser): boolean {
  return !user.company || (user.company.roles ?? []).includes(ADMIN_ROLE);
}

/**
 * The plan chooser over the Balance screen (/my/balance/action/choose-plan). A deactivated account (trial
 * over) cannot dismiss it: the plan chooser is where it has to be.
 */
export function PlanChooserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const mobile = useIsMobile();
  const dismissible = !user.deactivated_at;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      radius="lg"
      fullScreen={mobile}
      title={<VisuallyHidden>Choose a plan</VisuallyHidden>}
      withCloseButton={dismissible}
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PlanChooser
        mode="app"
        canChoose={canChoosePlan(user)}
        currentPlanId={user.subscription_plan}
        trialDaysLeft={isOnTrial(user) ? trialDaysLeft(user) : null}
      />
    </Modal>
  );
}
