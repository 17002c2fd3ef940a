import {
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PRICE_PER_MEMBER_TEXT, TRIAL_DAYS } from '@meetwell/domain';
import {
  IconCalendarCheck,
  IconChartBar,
  IconCoin,
  IconMailForward,
  IconPresentation,
  IconShieldHeart,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLoginModal } from '../../layout/useLoginModal';
import { usePageTitle } from '../../layout/usePageTitle';
import { CookieNotice } from './CookieNotice';
import classes from './Home.module.css';
import { WeekPreview } from './WeekPreview';

const QUOTES = [
  {
    text: "Meetings are indispensable when you don't want to do anything.",
    author: 'John Kenneth Galbraith',
  },
  {
    text: 'The least productive people are usually the ones who are most in favor of holding meetings.',
    author: 'Thomas Sowell',
  },
  {
    text: "If you had to identify, in one word, the reason why the human race has not achieved its full potential, that word would be 'meetings.'",
    author: 'Dave Barry',
  },
];

const STEPS = [
  {
    title: 'Connect your calendar',
    text: 'Sign in with Google or Microsoft. No passwords, nothing to install.',
  },
  {
    title: 'Set your standards',
    text: 'Agenda required? Longest meeting? How much notice? Pick what a good meeting means to you.',
  },
  {
    title: 'Protect your time',
    text: 'Add Wellness blocks for focus and life. MeetWell keeps them on your calendar.',
  },
  {
    title: 'Let Auto-Balance nudge',
    text: 'Organizers get a friendly reminder of what is missing. Meetings that stay bad can be declined for you.',
  },
];

const FEATURES = [
  {
    icon: IconChartBar,
    color: 'brand',
    title: 'Every meeting scored 0–100',
    text: 'Agenda, objectives, attendees, duration, notice and conflicts, weighed into one honest number.',
  },
  {
    icon: IconMailForward,
    color: 'success',
    title: 'Auto-Balance',
    text: 'Remind organizers, or decline at your deadline after a fair warning. Your VIPs are never touched.',
  },
  {
    icon: IconShieldHeart,
    color: 'danger',
    title: 'Wellness blocks',
    text: 'Weekly, untouchable time for focus or life, written to your calendar and defended from clashes.',
  },
  {
    icon: IconCoin,
    color: 'warning',
    title: 'The cost of meetings',
    text: 'See what each meeting costs in salary, and what your week of meetings adds up to.',
  },
  {
    icon: IconCalendarCheck,
    color: 'brand',
    title: 'Report cards',
    text: 'Daily, weekly and monthly report cards, for you and for your team, with a weekly email.',
  },
  {
    icon: IconPresentation,
    color: 'success',
    title: 'Present mode',
    text: 'Run a meeting through its agenda, one item at a time, with a timer that keeps it honest.',
  },
];

function TrialCta({ inverted = false }: { inverted?: boolean }) {
  const login = useLoginModal();
  return (
    <Stack gap={6} align="inherit">
      <Group gap="sm">
        <Button size="lg" radius="xl" {...login.trigger} variant={inverted ? 'white' : 'filled'}>
          Try {TRIAL_DAYS} days for free
        </Button>
        {!inverted && (
          <Button size="lg" radius="xl" variant="default" component={Link} to="/pricing">
            See pricing
          </Button>
        )}
      </Group>
      <Text fz="sm" c={inverted ? 'brand.0' : 'dimmed'}>
        No credit card required
      </Text>
    </Stack>
  );
}

export function HomePage() {
  usePageTitle(null);
  return (
    <>
      <Box className={classes.hero} py={{ base: 48, sm: 88 }}>
        <Container size="lg">
          <Grid gap={48} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <Title order={1} fz={{ base: 38, sm: 56 }} className={classes.heroTitle}>
                  Healthy meetings, <span className={classes.accent}>balanced calendars.</span>
                </Title>
                <Text fz={{ base: 'lg', sm: 'xl' }} c="gray.7" maw={560}>
                  MeetWell scores every meeting on your calendar from 0 to 100, protects time for focus and
                  life, and nudges organizers to fix the rest, automatically.
                </Text>
                <TrialCta />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <WeekPreview />
            </Grid.Col>
          </Grid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, sm: 72 }} component="section" aria-labelledby="quotes-title">
        <Title order={2} id="quotes-title" ta="center" fz={{ base: 26, sm: 32 }} mb="xl">
          People have complained about meetings for a long time
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {QUOTES.map((quote) => (
            <Box component="figure" key={quote.author} m={0} p="lg" className={classes.quote}>
              <Text component="blockquote" m={0} fz="lg" fs="italic" c="gray.8">
                “{quote.text}”
              </Text>
              <Text component="figcaption" mt="sm" fz="sm" c="dimmed" fw={600}>
                {quote.author}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="gray.0" py={{ base: 48, sm: 72 }} component="section" aria-labelledby="how-title">
        <Container size="lg">
          <Title order={2} id="how-title" ta="center" fz={{ base: 26, sm: 32 }} mb={6}>
            How it works
          </Title>
          <Text ta="center" c="dimmed" mb="xl">
            Set it up in two minutes, then let it work in the background.
          </Text>
          <SimpleGrid
            cols={{ base: 1, sm: 2, md: 4 }}
            spacing="lg"
            component="ol"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {STEPS.map((step, index) => (
              <Paper component="li" key={step.title} radius="lg" p="lg" withBorder>
                <ThemeIcon size={36} radius="xl" mb="sm">
                  <Text fw={800} fz="md" c="white">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {step.title}
                </Title>
                <Text c="dimmed" fz="sm">
                  {step.text}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, sm: 72 }} component="section" aria-labelledby="features-title">
        <Title order={2} id="features-title" ta="center" fz={{ base: 26, sm: 32 }} mb="xl">
          Everything a calmer calendar needs
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
          {FEATURES.map((feature) => (
            <Stack key={feature.title} gap="xs">
              <ThemeIcon size={44} radius="md" variant="light" color={feature.color}>
                <feature.icon size={24} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {feature.title}
              </Title>
              <Text c="dimmed">{feature.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box className={classes.band} py={{ base: 48, sm: 64 }} component="section" aria-labelledby="cta-title">
        <Container size="md" ta="center">
          <Title order={2} id="cta-title" fz={{ base: 26, sm: 34 }} mb="sm" c="white">
            Take your calendar back this week
          </Title>
          <Text fz="lg" mb="lg" c="brand.0">
            {PRICE_PER_MEMBER_TEXT} after the trial. Single sign-on with Google or Outlook.
          </Text>
          <Group justify="center">
            <TrialCta inverted />
          </Group>
        </Container>
      </Box>

      <CookieNotice />
    </>
  );
}
