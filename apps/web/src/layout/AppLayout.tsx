import { Center, Container, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { handleErrorStatus, isApiError, SIGN_IN_PATH } from '../api/client';
import { ErrorState } from '../components/ErrorState';
import { TimeZoneBanner } from '../features/account/TimeZoneBanner';
import { CheckoutReturn } from '../features/billing/CheckoutReturn';
import { PlanEndingBanner } from '../features/billing/PlanEndingBanner';
import { ConnectionBanner } from '../features/connection-health/ConnectionBanner';
import { MailPreviewModal } from '../features/mail-preview/MailPreviewModal';
import { FirstRun } from '../features/onboarding/FirstRun';
import { WhoCanSeeHint } from '../features/onboarding/WhoCanSeeHint';
import { isAllowedWhenDeactivated, PLAN_CHOOSER_PAGE_PATH } from '../session/deactivated';
import { useCurrentUser } from '../session/useCurrentUser';
import { mustChoosePlan } from '../session/user';

/** The /my/* area: needs a session; accounts without a plan to use are sent to the plan chooser. */
export function AppLayout() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const { pathname } = useLocation();
  const redirectStatus = isApiError(error) && (error.status === 422 || error.status === 503);

  useEffect(() => {
    if (redirectStatus && isApiError(error)) handleErrorStatus(error);
  }, [redirectStatus, error]);

  if (isPending) {
    return (
      <Center py={120}>
        <Loader role="status" aria-label="Loading your account" />
      </Center>
    );
  }

  if (error) {
    if (redirectStatus) return null;
    return (
      <ErrorState
        emoji="🔌"
        title="We couldn't load your account"
        description="Something is not right... our nerds have been notified!"
        action={{ label: 'Try again', onClick: () => void refetch() }}
      />
    );
  }

  if (!user) return <Navigate to={SIGN_IN_PATH} replace />;

  if (mustChoosePlan(user) && !isAllowedWhenDeactivated(pathname)) {
    return <Navigate to={PLAN_CHOOSER_PAGE_PATH} replace />;
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <PlanEndingBanner user={user} />
      <ConnectionBanner />
      <TimeZoneBanner user={user} />
      <CheckoutReturn />
      <Outlet />
      <MailPreviewModal />
      <FirstRun user={user} />
      <WhoCanSeeHint />
    </Container>
  );
}
