import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '../../api/client';
import { APP_HOME } from '../../layout/LoginModal';
import { usePageTitle } from '../../layout/usePageTitle';
import { queryKeys } from '../../session/queryKeys';
import { fetchCurrentUser } from '../../session/useCurrentUser';

/** Where single sign-on lands: load the user, then go to Review (or back to sign-in). */
export function SessionPage() {
  usePageTitle('Logging in');
  const navigate = useNavigate();
  // Always fetch fresh: a cached "signed out" from before the redirect must not win.
  const user = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { errorToast: false },
  });

  useEffect(() => {
    if (user.isFetching) return;
    if (user.data) navigate(APP_HOME, { replace: true });
    else if (user.data === null || user.isError) navigate(SIGN_IN_PATH, { replace: true });
  }, [user.isFetching, user.data, user.isError, navigate]);

  return (
    <Center py={120}>
      <Stack align="center" gap="md">
        <Loader />
        <Text fw={600} aria-live="polite">
          Logging in...
        </Text>
      </Stack>
    </Center>
  );
}
