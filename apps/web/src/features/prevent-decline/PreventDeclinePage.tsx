import { Container, Paper, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { usePageTitle } from '../../layout/usePageTitle';

// Placeholder: the prevent-decline issue fills this page (meeting summary, deadline, negative details,
// notes and 'Prevent this decline').
export function PreventDeclinePage() {
  usePageTitle('Prevent this decline');
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
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      <Paper withBorder radius="lg" p="xl">
        <Title order={1} fz={28} mb="xs">
          Prevent this decline
        </Title>
        <Text c="dimmed">
          This page is being built: it will show the meeting and let you prevent the decline.
        </Text>
      </Paper>
    </Container>
  );
}
