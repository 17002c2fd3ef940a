import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { displayedPlans, type Plan, PUBLIC_TEXTS, TRIAL_DAYS, VALIDATION_MESSAGES } from '@meetwell/domain';
import { IconCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { SignUpPrompt } from '../../components/SignUpPrompt';
import { SUPPORT_EMAIL } from '../../lib/constants';

export const TEAM_CONTACT_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('MeetWell Team plan')}`;
const SOLO_CONTACT_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('MeetWell Solo plan')}`;
export const BILLING_SOON_TITLE = 'Billing is coming soon — contact us';

const PLAN_POINTS: Record<string, string[]> = {
  'team-500': ['All features, for one person', 'Your own meeting standards', 'Cancel any time'],
  'team-5000': [
    'Everyone on your team',
    'Team standards, VIPs and domains',
    'Team reports and leaderboard',
    'Invoices and admin roles',
  ],
};

const WHAT_YOU_GET = [
  'Every meeting scored from 0 to 100',
  'Auto-Balance: reminders and declines, with a warning first',
  'Wellness blocks for focus and life',
  'The cost of every meeting, and of your week',
  'Daily, weekly and monthly report cards',
  'Present mode to run meetings by their agenda',
  'Slack do-not-disturb during Wellness blocks',
  'Weekly email reports',
];

export interface PlanChooserProps {
  /** marketing: actions are replaced by the sign-up prompt (logged-out visitors). */
  mode: 'marketing' | 'app';
  /** Admins only may choose a plan. */
  canChoose?: boolean;
  currentPlanId?: string | null;
  /** Days left in the trial, when the account is on it. */
  trialDaysLeft?: number | null;
  /** Heading level of 'Our plans' (1 on the pricing page). */
  order?: 1 | 2;
}

/**
 * 'Our plans': Solo and Team from the domain's plans (Trial hidden). Until billing exists, choosing Solo
 * shows the trial state and how to reach us; there is no checkout.
 */
export function PlanChooser({
  mode,
  canChoose = false,
  currentPlanId,
  trialDaysLeft,
  order = 2,
}: PlanChooserProps) {
  const plans = displayedPlans();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const onTrial = mode === 'app' && (!currentPlanId || currentPlanId === 'trial');

  return (
    <Stack gap="xl">
      <Box ta="center">
        <Title order={order} fz={{ base: 30, sm: order === 1 ? 40 : 28 }}>
          {PUBLIC_TEXTS.plansTitle}
        </Title>
        <Text c="dimmed" mt={6}>
          {onTrial && typeof trialDaysLeft === 'number'
            ? `You are on the free trial: ${trialDaysLeft} ${trialDaysLeft === 1 ? 'day' : 'days'} left.`
            : `Try ${TRIAL_DAYS} days for free. No credit card required.`}
        </Text>
      </Box>

      {mode === 'app' && !canChoose && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={18} />}
          maw={760}
          mx="auto"
          w="100%"
          title={VALIDATION_MESSAGES.onlyAdminsChoosePlan}
        >
          Ask your team's billing admin to change the plan.
        </Alert>
      )}

      {chosen && (
        <Alert
          color="brand"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          maw={760}
          mx="auto"
          w="100%"
          title={BILLING_SOON_TITLE}
          withCloseButton
          onClose={() => setChosen(null)}
          closeButtonLabel="Dismiss"
        >
          Card payments are not open yet, so nothing is charged.{' '}
          {onTrial && typeof trialDaysLeft === 'number'
            ? `You keep every feature during your trial (${trialDaysLeft} ${trialDaysLeft === 1 ? 'day' : 'days'} left). `
            : ''}
          To switch to {chosen.name} now, write to{' '}
          <Anchor href={SOLO_CONTACT_MAILTO} inherit>
            {SUPPORT_EMAIL}
          </Anchor>{' '}
          and we will set it up for you.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={760} mx="auto" w="100%">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            mode={mode}
            current={plan.id === currentPlanId}
            canChoose={canChoose}
            onChoose={() => setChosen(plan)}
          />
        ))}
      </SimpleGrid>
      {mode === 'marketing' && (
        <Box maw={520} mx="auto" w="100%">
          <SignUpPrompt />
        </Box>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760} mx="auto" w="100%">
        <Title order={order === 1 ? 2 : 3} fz="xl" mb="md">
          {PUBLIC_TEXTS.plansWhatYouGet}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="ul" m={0} p={0}>
          {WHAT_YOU_GET.map((item) => (
            <Group
              key={item}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              component="li"
              style={{ listStyle: 'none' }}
            >
              <ThemeIcon size={22} radius="xl" color="success" style={{ flexShrink: 0 }}>
                <IconCheck size={14} />
              </ThemeIcon>
              <Text>{item}</Text>
            </Group>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

function PlanCard({
  plan,
  mode,
  current,
  canChoose,
  onChoose,
}: {
  plan: Plan;
  mode: PlanChooserProps['mode'];
  current: boolean;
  canChoose: boolean;
  onChoose: () => void;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow={plan.contactUs ? undefined : 'sm'}
      aria-label={`${plan.name} plan`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Text fz={32} lh={1} aria-hidden="true">
            {plan.emoji}
          </Text>
          {current && (
            <Badge color="success" variant="light">
              Current plan
            </Badge>
          )}
        </Group>
        <div>
          <Title order={3} fz={24}>
            {plan.name}
          </Title>
          <Text c="dimmed">{plan.sub}</Text>
        </div>
        <Group gap={4} align="baseline">
          <Text fz={40} fw={800} lh={1}>
            ${plan.amount}
          </Text>
          <Text c="dimmed">/month</Text>
        </Group>
        <List spacing={4} size="sm" style={{ flex: 1 }}>
          {(PLAN_POINTS[plan.id] ?? []).map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
        {plan.contactUs ? (
          <Button component="a" href={TEAM_CONTACT_MAILTO} variant="light" fullWidth>
            Contact us
          </Button>
        ) : (
          mode === 'app' && (
            <Button fullWidth disabled={!canChoose || current} onClick={onChoose}>
              {current ? 'Your plan' : `Choose ${plan.name}`}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}
