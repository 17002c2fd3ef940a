import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useLoginModal } from '../layout/useLoginModal';

/** Marketing mode: replaces an action with an invitation to sign up. */
export function SignUpPrompt() {
  const login = useLoginModal();
  return (
    <Paper withBorder radius="lg" p="lg" bg="brand.0" style={{ borderColor: 'var(--mantine-color-brand-2)' }}>
      <Stack align="center" gap={6} ta="center">
        <Title order={3} fz="lg">
          Interested in this?
        </Title>
        <Text c="dimmed">Enjoy this feature and more when you sign up!</Text>
        <Button mt="xs" {...login.trigger}>
          Sign me up!
        </Button>
      </Stack>
    </Paper>
  );
}
