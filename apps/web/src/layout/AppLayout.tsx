import { Center, Container, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { handleErrorStatus, isApiError, SIGN_IN_PATH } from '../api/client';
import { ErrorState } from '../components/ErrorState';
import { useCurrentUser } from '../session/useCurrentUser';
import { CHOOSE_PLAN_PATH } from './navigation';

/** Paths a deactivated account (e.g. expired trial) may still open. */
const DEACTIVATED_ALLOWED = [CHOOSE_PLAN_PATH, '/my/account'];

/** The /my/* area: needs a session; deactivated accounts are sent to the plan chooser. */
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
        <Loader aria-label="Loading your account" />
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

  if (user.deactivated_at && !DEACTIVATED_ALLOWED.some((path) => pathname.startsWith(path))) {
    return <Navigate to={CHOOSE_PLAN_PATH} replace />;
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Outlet />
    </Container>
  );
}
