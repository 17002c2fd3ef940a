import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconMail, IconQuestionMark } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DPA, PRIVACY, SECURITY, TERMS } from '../../content/legal';
import { usePageTitle } from '../../layout/usePageTitle';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/constants';
import { TextPage } from './TextPage';

export const PrivacyPage = () => <TextPage page={PRIVACY} />;
export const TermsPage = () => <TextPage page={TERMS} />;
export const DpaPage = () => <TextPage page={DPA} />;
export const SecurityPage = () => <TextPage page={SECURITY} />;
export { ReferralsPage } from './ReferralsPage';

const POPULAR = [
  { slug: 'balance-what-is-auto-balance', label: 'What is Auto-Balance?' },
  { slug: 'balance-score', label: 'How is a meeting score calculated?' },
  { slug: 'plan-add-agenda', label: 'How do I add an agenda to a meeting?' },
  { slug: 'balance-wellness-blocks', label: 'What is a Wellness block?' },
  { slug: 'account-calendar-permissions', label: 'Why does MeetWell need full access to my calendar?' },
];

export function HelpPage() {
  usePageTitle('Help and support');
  return (
    <Container size="md" py={{ base: 'xl', sm: 56 }}>
      <Title order={1} fz={{ base: 30, sm: 40 }} mb="xs">
        Help and support
      </Title>
      <Text fz="lg" c="gray.7" mb="xl">
        Most answers are one click away. If yours isn't, a human reads every email.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm" h="100%">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconQuestionMark size={24} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Frequently asked questions
            </Title>
            <Text c="dimmed" style={{ flex: 1 }}>
              Accounts, Auto-Balance, Wellness blocks, scores and running better meetings.
            </Text>
            <Group>
              <Button component={Link} to="/faq">
                Read the FAQ
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm" h="100%">
            <ThemeIcon size={44} radius="md" variant="light" color="success">
              <IconMail size={24} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Email support
            </Title>
            <Text c="dimmed" style={{ flex: 1 }}>
              Write to{' '}
              <Anchor href={SUPPORT_MAILTO} inherit>
                {SUPPORT_EMAIL}
              </Anchor>{' '}
              and we'll get back to you within one working day.
            </Text>
            <Group>
              <Button component="a" href={SUPPORT_MAILTO} variant="light" color="success">
                Email us
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Title order={2} fz="xl" mt={48} mb="sm">
        Popular questions
      </Title>
      <Stack gap={6}>
        {POPULAR.map((item) => (
          <Anchor key={item.slug} component={Link} to={`/faq#${item.slug}`}>
            {item.label}
          </Anchor>
        ))}
      </Stack>
    </Container>
  );
}
