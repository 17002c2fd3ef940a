import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isValidEmail } from '@meetwell/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { usePageTitle } from '../../layout/usePageTitle';
import { useCurrentUser } from '../../session/useCurrentUser';

export const INVALID_EMAIL_MESSAGE = "Hmm. That email doesn't look right";
export const UNSUBSCRIBED_MESSAGE = "Hope we didn't bug you. You won't be getting emails from us anymore.";
export const SIGNED_IN_REDIRECT_MS = 1200;

export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();

  // Signed-in people manage their emails in account settings.
  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => navigate('/my/account'), SIGNED_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [user, navigate]);

  const optOut = useMutation({
    mutationFn: (address: string) =>
      api.get('/communications/email/opt-out', { query: { email: address }, redirectOnStatus: false }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    optOut.mutate(address);
  };

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
        {optOut.isSuccess ? (
          <Alert color="success" variant="light" title="Unsubscribed" role="status">
            {UNSUBSCRIBED_MESSAGE}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text c="dimmed">Enter your email address and we'll stop sending you emails.</Text>
              <TextInput
                label="Email"
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
              <Button type="submit" loading={optOut.isPending}>
                Unsubscribe
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
