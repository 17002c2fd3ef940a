import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { useLoginModal } from '../../layout/useLoginModal';
import { usePageTitle } from '../../layout/usePageTitle';
import { acceptInvite, requestNewInvite } from './api';
import { LinkSignIn } from './LinkSignIn';

/** How long an invite's link works (the server's INVITE_VALID_DAYS). */
export const INVITE_VALID_DAYS = 14;

/** An expired link: says so, and asks the admin who sent it for a new one (once is enough). */
function ExpiredInvite({ token }: { token: string }) {
  const ask = useMutation({ mutationFn: () => requestNewInvite(token), meta: { errorToast: false } });
  const failed = ask.isError && isApiError(ask.error) ? ask.error.detail : null;
  return (
    <Stack align="center" gap={0}>
      <ErrorState
        order={1}
        emoji="🔒"
        title="This invite has expired."
        description={`Invite links work for ${INVITE_VALID_DAYS} days. We can ask the admin who sent it for a new one.`}
      />
      {ask.isSuccess ? (
        <Text role="status" ta="center" maw={480} px="md">
          We asked your team's admin for a new invite. It will come to this email address.
        </Text>
      ) : (
        <Stack align="center" gap="xs" px="md">
          <Button size="md" loading={ask.isPending} onClick={() => ask.mutate()}>
            Ask for a new invite
          </Button>
          {(ask.isError || failed) && (
            <Text c="danger" fz="sm" role="alert" ta="center" maw={480}>
              {failed || 'We could not send your request. Please try again.'}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** Opened again by someone already on the team, in a browser not signed in as them. */
function AlreadyMember({ detail }: { detail: string | null }) {
  const { open } = useLoginModal();
  return (
    <ErrorState
      order={1}
      emoji="👥"
      title="You're already on this team."
      description={detail ?? 'Sign in to open it.'}
      action={{ label: 'Log in', onClick: open }}
    />
  );
}

/** /invite/:token — the link from a team invite: signs the person in (creating the account) and joins the team. */
export function InvitePage() {
  usePageTitle('Joining your team');
  const { token = '' } = useParams();
  return (
    <LinkSignIn
      queryKey={['invite', token]}
      signIn={() => acceptInvite(token)}
      invalid={{
        title: 'This invite is no longer valid.',
        description: "Ask your team's admin for a new one.",
        action: { label: 'Go to the home page', to: '/' },
      }}
      byCode={{
        invite_expired: () => <ExpiredInvite token={token} />,
        already_member: (error) => <AlreadyMember detail={error.detail} />,
      }}
    />
  );
}
