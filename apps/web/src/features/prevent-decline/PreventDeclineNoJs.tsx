import { Alert, Button, Container, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { pageSlot } from '@meetwell/domain';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PUBLIC_TEXTS, TOASTS } from '../../copy/texts';

/** Where the page's form posts without JavaScript; the server answers with a redirect to the page's state. */
export const PREVENT_DECLINE_FORM_ACTION = '/prevent-decline';

export const LINK_NO_LONGER_VALID = {
  title: 'This link is no longer valid',
  description:
    'It may have expired, or the meeting has changed since the email was sent. The newest email about this meeting has a link that works.',
};
export const MEETING_CLOSED =
  'This meeting can no longer be changed: it was already declined, accepted or cancelled.';

/**
 * The prevent-decline page as the server sends it, before (or without) any script: the meeting's facts are
 * slots the server fills in from the token (its summary, dates in the organizer's attendee's zone, the rules
 * it breaks), and the form posts to the server. With JavaScript, the page (PreventDeclinePage) replaces it.
 */
export function PreventDeclineNoJs() {
  const [params] = useSearchParams();
  const status = params.get('status');
  if (status === 'invalid') return <ErrorState order={1} emoji="🔒" {...LINK_NO_LONGER_VALID} />;
  if (status === 'closed') {
    return (
      <ErrorState
        order={1}
        emoji="🔒"
        title="This meeting can no longer be changed"
        description={MEETING_CLOSED}
      />
    );
  }
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <div>
            <Text c="dimmed" fw={600} fz="sm" tt="uppercase">
              {PUBLIC_TEXTS.preventDecline}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {pageSlot('summary')}
            </Title>
            <Text fw={600} mt={4}>
              {pageSlot('starts')}
            </Text>
          </div>
          {status === 'rate_limited' && (
            <Alert color="red" variant="light" role="alert">
              {PUBLIC_TEXTS.tooManyRequests}
            </Alert>
          )}
          {status === 'prevented' ? (
            <Alert color="success" variant="light" title="Done" role="status">
              {TOASTS.declinePrevented}
            </Alert>
          ) : (
            <>
              <div>
                <Text fw={700}>Compliance deadline</Text>
                <Text>{pageSlot('deadline')}</Text>
                <Text fz="sm" c="dimmed">
                  Unless you prevent it, the meeting is declined for your attendee at this time.
                </Text>
              </div>
              <div>
                <Text fw={700} mb={4}>
                  What needs to change
                </Text>
                <Text>{pageSlot('details')}</Text>
              </div>
              <form method="post" action={PREVENT_DECLINE_FORM_ACTION}>
                <Stack gap="md">
                  <input type="hidden" name="token" value={pageSlot('token')} />
                  <Textarea
                    name="notes"
                    label="Notes for your attendee"
                    description="Why should this meeting go ahead?"
                    rows={4}
                    maxLength={2000}
                  />
                  <Button type="submit" size="md" w={{ base: '100%', sm: 'auto' }}>
                    {PUBLIC_TEXTS.preventDecline}
                  </Button>
                </Stack>
              </form>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
