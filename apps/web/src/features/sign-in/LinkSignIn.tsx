import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { type ApiError, isApiError } from '../../api/client';
import { ErrorState, type ErrorStateProps } from '../../components/ErrorState';
import { APP_HOME } from '../../layout/LoginModal';
import { useLoginModal } from '../../layout/useLoginModal';
import { queryKeys } from '../../session/queryKeys';
import { fetchCurrentUser, type SignedInAnswer, toCurrentUser } from '../../session/useCurrentUser';

export interface LinkSignInProps {
  /** Names the request in the cache: ['sign-in-link', token], ['invite', token]. */
  queryKey: readonly [string, string];
  /** Spends the link; resolves with the signed-in user once the session cookie is set. */
  signIn: () => Promise<SignedInAnswer>;
  /** What a 410 (the link used, expired or revoked) shows. */
  invalid: Pick<ErrorStateProps, 'title' | 'description' | 'action'>;
  /** What a refusal of a given code shows instead (an invite that expired, someone already on the team). */
  byCode?: Record<string, (error: ApiError) => ReactNode>;
  /**
   * A spent link opened by someone signed in (the mail's link clicked again) opens the app instead of saying
   * the link is used: they are in already.
   */
  openAppWhenSignedIn?: boolean;
}

/** The server's word that the address's company uses MeetWell already: the person asks for an invite. */
export const COMPANY_EXISTS_TITLE = 'Your company already uses MeetWell';

/**
 * Opens a one-time link: spends it, loads the signed-in user, then goes to Review. The request is a query
 * keyed by the token, so mounting twice (strict mode, a re-render) never spends the link twice.
 */
export function LinkSignIn({
  queryKey,
  signIn,
  invalid,
  byCode = {},
  openAppWhenSignedIn = false,
}: LinkSignInProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { open: openLogin } = useLoginModal();
  const result = useQuery({
    queryKey,
    queryFn: async () => {
      // The answer is the signed-in user, as GET /users has it: no second request before the app opens.
      const answer = await signIn();
      queryClient.setQueryData(queryKeys.currentUser, toCurrentUser(answer.data));
      return true;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

  useEffect(() => {
    if (result.isSuccess) navigate(APP_HOME, { replace: true });
  }, [result.isSuccess, navigate]);
  const spent = result.isError && isApiError(result.error) && result.error.status === 410;
  const current = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    enabled: spent && openAppWhenSignedIn,
    meta: { errorToast: false },
  });
  const signedIn = spent && openAppWhenSignedIn && Boolean(current.data);
  useEffect(() => {
    if (signedIn) navigate(APP_HOME, { replace: true });
  }, [signedIn, navigate]);
  if (spent && openAppWhenSignedIn && (current.isPending || signedIn)) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Logging in" />
      </Center>
    );
  }

  if (result.isError) {
    const error = result.error;
    const shownByCode = isApiError(error) && error.code ? byCode[error.code] : undefined;
    if (shownByCode && isApiError(error)) return shownByCode(error);
    if (isApiError(error) && error.status === 410) {
      return <ErrorState order={1} emoji="🔒" {...invalid} />;
    }
    if (isApiError(error) && error.code === 'company_exists') {
      return (
        <ErrorState
          order={1}
          emoji="👥"
          title={COMPANY_EXISTS_TITLE}
          description={error.detail}
          action={{ label: 'Go to the home page', to: '/' }}
        />
      );
    }
    // The server refused with a reason (the address belongs to a single sign-on account...): say it, and
    // offer the other ways in. A network error or a failure of ours may pass on a second try.
    const refused = isApiError(error) && error.status >= 400 && error.status < 500 && error.detail;
    return (
      <ErrorState
        order={1}
        emoji="🔌"
        title="We couldn't sign you in"
        description={refused || 'Something is not right... our nerds have been notified!'}
        action={
          refused
            ? { label: 'Log in / Sign up', onClick: openLogin }
            : { label: 'Try again', onClick: () => void result.refetch() }
        }
      />
    );
  }

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
