import { Accordion, Badge, Group, Paper, Text, Title } from '@mantine/core';
import { formatDate } from '@meetwell/domain';
import { useOutbox } from './api';

/**
 * Without an SMTP server (the embedded default) mail is kept in the outbox instead of being sent: this card
 * shows what MeetWell wrote to organizers and to you.
 */
export function OutboxCard() {
  const outbox = useOutbox();
  if (!outbox.data || outbox.data.meta.smtp) return null;
  const mails = outbox.data.data;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="xs">
        Outbox
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        No mail server is configured, so the reminders and notices MeetWell writes are kept here.
      </Text>
      {mails.length === 0 ? (
        <Text fz="sm">Nothing written yet.</Text>
      ) : (
        <Accordion variant="separated" radius="md">
          {mails.map((mail) => (
            <Accordion.Item key={mail.id} value={mail.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600} truncate>
                      {mail.attributes.subject}
                    </Text>
                    <Text fz="xs" c="dimmed" truncate>
                      To {mail.attributes.to} · {formatDate(mail.attributes.created_at, 'Short')}
                    </Text>
                  </div>
                  <Badge variant="light" tt="none">
                    {mail.attributes.kind.replaceAll('_', ' ')}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {mail.attributes.text}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Paper>
  );
}
