import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { SIGN_IN_LINK_MINUTES } from './api';
import { INVITE_VALID_DAYS } from './InvitePage';

/**
 * A sign-in or invite link opened without JavaScript: one button that spends the link with a plain form post
 * (the form posts to the link's own address; the server signs in and sends the person on to the app). A link
 * is never spent by opening it, so a mail scanner's visit leaves it working. With JavaScript, the app's page
 * (SignInLinkPage, InvitePage) is rendered over this one and signs in at once.
 */
function LinkForm({ title, text, button }: { title: string; text: string; button: string }) {
  return (
    <Container size="xs" py={{ base: 'xl', sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {/* No action: the form posts to the address it was opened at, the link's token in it. */}
        <form method="post">
          <Stack gap="md">
            <Title order={1} fz={28}>
              {title}
            </Title>
            <Text>{text}</Text>
            <Button type="submit" size="md">
              {button}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

/** What a refused link says (?status=, set by the server's redirect after the form was posted). */
function Refused({ status, invite }: { status: string; invite: boolean }) {
  if (status === 'invalid') {
    return invite ? (
      <ErrorState
        order={1}
        emoji="🔒"
        title="This invite is no longer valid."
        description={`Invite links work for ${INVITE_VALID_DAYS} days. Ask your team's admin for a new one.`}
        action={{ label: 'Go to the home page', to: '/' }}
      />
    ) : (
      <ErrorState
        order={1}
        emoji="🔒"
        title="This sign-in link has expired or was already used."
        description={`Each link works once, for ${SIGN_IN_LINK_MINUTES} minutes. Ask for a new one: it arrives within a minute.`}
        action={{ label: 'Email me a new link', to: '/?login=true' }}
      />
    );
  }
  return (
    <ErrorState
      order={1}
      emoji="🔌"
      title="We couldn't sign you in"
      description="Open the link again, or sign in another way from the home page."
      action={{ label: 'Go to the home page', to: '/' }}
    />
  );
}

export function SignInLinkNoJs() {
  const [params] = useSearchParams();
  const status = params.get('status');
  if (status) return <Refused status={status} invite={false} />;
  return (
    <LinkForm
      title="Log in to MeetWell"
      text={`This link signs you in once, within ${SIGN_IN_LINK_MINUTES} minutes of being sent.`}
      button="Log in"
    />
  );
}

export function InviteNoJs() {
  const [params] = useSearchParams();
  const status = params.get('status');
  if (status) return <Refused status={status} invite />;
  return (
    <LinkForm
      title="Join your team on MeetWell"
      text="This invite signs you in and adds you to your team."
      button="Join the team"
    />
  );
}
