import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CurrentUser } from '../../session/types';
import { mustChoosePlan } from '../../session/user';
import { ONBOARDING_PARAM } from './tour';

const OnboardingModal = lazy(() => import('./OnboardingModal').then((m) => ({ default: m.OnboardingModal })));
const ProductTour = lazy(() => import('./ProductTour').then((m) => ({ default: m.ProductTour })));

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
    <Suspense fallback={null}>
      {modalShown && <OnboardingModal user={user} onHold={setModalHeld} />}
      {tourShown && <ProductTour onEnd={endTour} />}
    </Suspense>
  );
}
