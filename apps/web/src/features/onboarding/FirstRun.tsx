import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyComponent } from '../../lib/lazyComponent';
import type { CurrentUser } from '../../session/types';
import { mustChoosePlan } from '../../session/user';
import { ONBOARDING_PARAM } from './tour';

const OnboardingModal = lazyComponent(
  () => import('./OnboardingModal'),
  (m) => m.OnboardingModal,
);
const ProductTour = lazyComponent(
  () => import('./ProductTour'),
  (m) => m.ProductTour,
);

/**
 * Onboarding in the app area: the modal while the user is not onboarded (first sign-in, or 'Take a tour'),
 * then the tour while the URL carries the onboarding parameter. Someone who must choose a plan first sees
 * neither.
 */
export function FirstRun({ user }: { user: CurrentUser }) {
  // Finishing saves onboarded true before the modal's last screen has shown its time.
  const [modalHeld, setModalHeld] = useState(false);
  const [params, setParams] = useSearchParams();
  const endTour = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(ONBOARDING_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  if (mustChoosePlan(user)) return null;
  const modalShown = !user.onboarded || modalHeld;
  const tourShown = !modalShown && params.has(ONBOARDING_PARAM);
  return (
    <>
      {modalShown && <OnboardingModal user={user} onHold={setModalHeld} />}
      {tourShown && <ProductTour onEnd={endTour} />}
    </>
  );
}
