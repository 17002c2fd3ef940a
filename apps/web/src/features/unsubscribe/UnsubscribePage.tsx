import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { communicationEndpoints, UNSUBSCRIBE_REDIRECT, unsubscribeEmailError } from '@meetwell/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { call } from '../../api/endpoint';
import { PUBLIC_TEXTS } from '../../copy/texts';
import { UI_TIMINGS_MS } from '../../copy/ui';
import { usePageTitle } from '../../layout/usePageTitle';
import { useCurrentUser } from '../../session/useCurrentUser';

export const UNSUBSCRIBED_MESSAGE = "Hope we didn't bug you. You won't be getting emails from us anymore.";
/** What an unsubscribe never stops (see the decisions: mails that protect a meeting). */
export const STILL_SENT_NOTE =
  "We'll still tell you when a meeting you organize is about to be declined, so you can keep it, and when it was.";
/** The bare form proves nothing, and must not tell who gets our mail: the same words for every address. */
export const CONFIRMATION_SENT_MESSAGE =
  "If this address gets mail from us, we've sent it a link to confirm.";
export const INVALID_LINK_MESSAGE =
  "This unsubscribe link is not valid. Enter your email below and we'll send you a new one.";

/** Where the forms post without JavaScript: the server answers with a redirect to the page's state. */
export const UNSUBSCRIBE_FORM_ACTION = '/unsubscribe';

/** The page's state after a form was posted without JavaScript (?status=, set by the server's redirect). */
type PostedStatus = 'sent' | 'unsubscribed' | 'invalid_link' | 'invalid_email' | 'rate_limited';

function problemOf(error: unknown): string {
  if (isApiError(error) && error.status === 429) return PUBLIC_TEXTS.tooManyRequests;
  return 'Something went wrong. Please try again.';
}

export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const signed =
    params.get('e') && params.get('sig') ? { e: params.get('e')!, sig: params.get('sig')! } : null;
  const status = params.get('status') as PostedStatus | null;
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(
    status === 'invalid_email' ? unsubscribeEmailError('') : null,
  );
  // The public entry first renders the address it was pre-rendered at (no query): prefill once it is known.
  const prefill = params.get('email');
  useEffect(() => {
    if (prefill) setEmail((current) => current || prefill);
  }, [prefill]);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();

  // Signed-in people manage their emails in account settings.
  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => navigate(UNSUBSCRIBE_REDIRECT.to), UI_TIMINGS_MS.unsubscribeRedirect);
    return () => clearTimeout(timer);
  }, [user, navigate]);

  // A link from one of our mails proves the address: the button confirms (a scanner's visit does nothing).
  const confirm = useMutation({
    mutationFn: (link: { e: string; sig: string }) =>
      call(communicationEndpoints.unsubscribe, { query: link, redirectOnStatus: false }),
  });

  // A typed address proves nothing: the server mails that address the signed link.
  const askForLink = useMutation({
    mutationFn: (address: string) =>
      call(communicationEndpoints.requestOptOut, { query: { email: address }, redirectOnStatus: false }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const invalid = unsubscribeEmailError(address);
    setError(invalid);
    if (invalid) return;
    askForLink.mutate(address);
  };

  const linkRefused =
    isApiError(confirm.error) && (confirm.error.status === 403 || confirm.error.status === 400);

  const form = (
    <form method="post" action={UNSUBSCRIBE_FORM_ACTION} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">Enter your email address and we'll send you a link to confirm.</Text>
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
        />
        {(askForLink.isError || status === 'rate_limited') && (
          <Alert color="red" variant="light" role="alert">
            {askForLink.isError ? problemOf(askForLink.error) : PUBLIC_TEXTS.tooManyRequests}
          </Alert>
        )}
        <Button type="submit" loading={askForLink.isPending}>
          Unsubscribe
        </Button>
      </Stack>
    </form>
  );

  let body: ReactNode;
  if (confirm.isSuccess || status === 'unsubscribed') {
    body = (
      <Alert color="success" variant="light" title="Unsubscribed" role="status">
        <Text>{UNSUBSCRIBED_MESSAGE}</Text>
        <Text size="sm" mt="xs">
          {STILL_SENT_NOTE}
        </Text>
      </Alert>
    );
  } else if (askForLink.isSuccess || status === 'sent') {
    body = (
      <Alert color="success" variant="light" title="Check your inbox" role="status">
        {CONFIRMATION_SENT_MESSAGE}
      </Alert>
    );
  } else if (signed && !linkRefused) {
    body = (
      <form
        method="post"
        action={UNSUBSCRIBE_FORM_ACTION}
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate(signed);
        }}
      >
        <Stack gap="md">
          <input type="hidden" name="e" value={signed.e} />
          <input type="hidden" name="sig" value={signed.sig} />
          <Text>
            Stop our emails to <strong>{signed.e}</strong>?
          </Text>
          {confirm.isError && (
            <Alert color="red" variant="light" role="alert">
              {problemOf(confirm.error)}
            </Alert>
          )}
          <Button type="submit" loading={confirm.isPending}>
            Unsubscribe
          </Button>
        </Stack>
      </form>
    );
  } else {
    body = (
      <Stack gap="md">
        {(linkRefused || status === 'invalid_link') && (
          <Alert color="red" variant="light" role="alert">
            {INVALID_LINK_MESSAGE}
          </Alert>
        )}
        {form}
      </Stack>
    );
  }

  return (
    <Container size="xs" py={{ base: 'xl', sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz={28} mb="xs">
          Unsubscribe
        </Title>
        {user && (
          <Text c="dimmed" mb="md">
            You're signed in. Taking you to your email preferences...
          </Text>
        )}
        {body}
      </Paper>
    </Container>
  );
}
