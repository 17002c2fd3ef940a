import {
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
  Tooltip,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SignUpPrompt } from '../../components/SignUpPrompt';
import { SUPPORT_EMAIL } from '../../lib/constants';
import { PLANS, type PlanId, type SubscriptionPlan, TRIAL_DAYS } from '../../lib/domain-fallback';

const TEAM_CONTACT = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('MeetWell Team plan')}`;

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
  /** Starts checkout or changes the subscription (billing). */
  onChoose?: (planId: PlanId) => void;
  /** Heading level of 'Our plans' (1 on the pricing page). */
  order?: 1 | 2;
}

export function PlanChooser({
  mode,
  canChoose = false,
  currentPlanId,
  onChoose,
  order = 2,
}: PlanChooserProps) {
  const plans = PLANS.filter((plan) => !plan.hideFromDisplay);
  return (
    <Stack gap="xl">
      <Box ta="center">
        <Title order={order} fz={{ base: 30, sm: order === 1 ? 40 : 28 }}>
          Our plans
        </Title>
        <Text c="dimmed" mt={6}>
          Try {TRIAL_DAYS} days for free. No credit card required.
        </Text>
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={760} mx="auto" w="100%">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            mode={mode}
            current={plan.id === currentPlanId}
            canChoose={canChoose}
            onChoose={onChoose}
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
          What you'll get
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
  plan: SubscriptionPlan;
  mode: PlanChooserProps['mode'];
  current: boolean;
  canChoose: boolean;
  onChoose: PlanChooserProps['onChoose'];
}) {
  return (
    <Paper withBorder radius="lg" p="xl" shadow={plan.contactUs ? undefined : 'sm'}>
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
          <Button component="a" href={TEAM_CONTACT} variant="light" fullWidth>
            Contact us
          </Button>
        ) : (
          mode === 'app' && (
            <ChooseButton plan={plan} current={current} canChoose={canChoose} onChoose={onChoose} />
          )
        )}
      </Stack>
    </Paper>
  );
}

function ChooseButton({
  plan,
  current,
  canChoose,
  onChoose,
}: {
  plan: SubscriptionPlan;
  current: boolean;
  canChoose: boolean;
  onChoose: PlanChooserProps['onChoose'];
}) {
  if (!onChoose) {
    return (
      <Text fz="sm" c="dimmed">
        To switch to {plan.name}, write to{' '}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit>
          {SUPPORT_EMAIL}
        </Anchor>
        .
      </Text>
    );
  }
  const button = (
    <Button fullWidth disabled={!canChoose || current} onClick={() => onChoose(plan.id)}>
      {current ? 'Your plan' : `Choose ${plan.name}`}
    </Button>
  );
  return canChoose ? (
    button
  ) : (
    <Tooltip label="Only admins can choose a plan">
      <span>{button}</span>
    </Tooltip>
  );
}
