import {
  Alert,
  Button,
  Center,
  Container,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@meetwell/domain';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { PUBLIC_TEXTS, TOASTS } from '../../copy/texts';
import { usePageTitle } from '../../layout/usePageTitle';
import { browserTimeZone } from '../../lib/timezone';
import { type DeclineDetails, detailSentences, fetchDeclineDetails, preventDecline } from './api';

/** Statuses that mean the link itself is wrong, used up or expired (no point in retrying). */
const BAD_TOKEN_STATUSES = new Set([400, 401, 403, 404, 410, 422]);

/** /prevent-decline?token=… — the organizer of a meeting about to be declined keeps it on the calendar. */
const joinNames = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

export function PreventDeclinePage() {
  usePageTitle(PUBLIC_TEXTS.preventDecline);
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <ErrorState
        order={1}
        emoji="🔗"
        title="This link is incomplete"
        description="Open the link from the email you received again. It carries the code that identifies the meeting."
      />
    );
  }
  return <PreventDecline token={token} />;
}

function PreventDecline({ token }: { token: string }) {
  const details = useQuery({
    queryKey: ['prevent-decline', token],
    queryFn: () => fetchDeclineDetails(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

  if (details.isPending) {
    return (
      <Center py={120}>
        <Loader role="status" aria-label="Loading the meeting" />
      </Center>
    );
  }
  if (details.isError) {
    const error = details.error;
    if (!isApiError(error) || BAD_TOKEN_STATUSES.has(error.status)) {
      return (
        <ErrorState
          order={1}
          emoji="🔒"
          title="This link is no longer valid"
          description="It may have expired, or the meeting has changed since the email was sent. The newest email about this meeting has a link that works."
        />
      );
    }
    return (
      <ErrorState
        order={1}
        emoji="🔌"
        title="We couldn't load this meeting"
        description="Something is not right... our nerds have been notified!"
        action={{ label: 'Try again', onClick: () => void details.refetch() }}
      />
    );
  }
  return <PreventDeclineForm token={token} details={details.data} />;
}

function PreventDeclineForm({ token, details }: { token: string; details: DeclineDetails }) {
  const zone = browserTimeZone();
  const [notes, setNotes] = useState('');
  const prevent = useMutation({
    mutationFn: () => preventDecline(token, notes.trim()),
    onSuccess: () =>
      notifications.show({
        color: 'brand',
        icon: <IconInfoCircle size={18} />,
        message: TOASTS.declinePrevented,
      }),
    onError: (error) => {
      // The app's error toast skips 401s (elsewhere they send the visitor to sign in): say it here.
      if (isApiError(error) && error.status === 401) {
        notifications.show({ color: 'danger', autoClose: false, message: 'This link is no longer valid.' });
      }
    },
  });
  const done = prevent.isSuccess || details.prevented === true;
  const sentences = detailSentences(details.details_negative);
  const deadline = details.compliance_deadline;
  const attendees = details.attendee_names ?? [];

  const submit = () => {
    if (!done && !prevent.isPending) prevent.mutate();
  };

  // Enter sends; Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="lg">
            <div>
              <Text c="dimmed" fw={600} fz="sm" tt="uppercase">
                {PUBLIC_TEXTS.preventDecline}
              </Text>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {details.summary?.trim() || 'Untitled meeting'}
              </Title>
              {details.starts_at && (
                <Text fw={600} mt={4}>
                  {formatDate(details.starts_at, 'Long', zone)} at{' '}
                  {formatDate(details.starts_at, 'Time', zone)}
                </Text>
              )}
              {attendees.length > 0 && (
                <Text c="dimmed" fz="sm">
                  For {joinNames(attendees)}
                </Text>
              )}
            </div>

            {deadline && (
              <div>
                <Text fw={700}>Compliance deadline</Text>
                <Text>
                  {formatDate(deadline, 'Long', zone)} at {formatDate(deadline, 'Time', zone)}
                </Text>
                <Text fz="sm" c="dimmed">
                  Unless you prevent it, the meeting is declined for your attendee at this time.
                </Text>
              </div>
            )}

            {sentences.length > 0 && (
              <div>
                <Text fw={700} mb={4}>
                  What needs to change
                </Text>
                <List spacing={4}>
                  {sentences.map((sentence) => (
                    <List.Item key={sentence}>{sentence}</List.Item>
                  ))}
                </List>
              </div>
            )}

            {done ? (
              <Alert color="success" variant="light" icon={<IconCircleCheck size={18} />} title="Done">
                {TOASTS.declinePrevented}
              </Alert>
            ) : (
              <>
                <Textarea
                  label="Notes for your attendee"
                  description="Why should this meeting go ahead? Press Enter to send, Shift+Enter for a new line."
                  rows={4}
                  maxLength={2000}
                  value={notes}
                  onChange={(event) => setNotes(event.currentTarget.value)}
                  onKeyDown={onKeyDown}
                />
                <Button type="submit" size="md" loading={prevent.isPending} w={{ base: '100%', sm: 'auto' }}>
                  {PUBLIC_TEXTS.preventDecline}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
