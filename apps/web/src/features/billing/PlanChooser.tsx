import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  displayedPlans,
  findPlan,
  formatPrice,
  type Plan,
  PRODUCT_NAME,
  planPriceUnit,
  TRIAL_DAYS,
  VALIDATION_MESSAGES,
} from '@meetwell/domain';
import { IconCheck, IconLock, IconPlugConnectedX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { Emoji } from '../../components/Emoji';
import { SignUpPrompt } from '../../components/SignUpPrompt';
import { PUBLIC_TEXTS } from '../../copy/texts';
import { SUPPORT_EMAIL } from '../../lib/constants';
import type { CurrentUser } from '../../session/types';
import {
  canManageBilling,
  dayCount,
  hasTrialEnded,
  isOnTrial,
  mustChoosePlan,
  trialDaysLeft,
} from '../../session/user';
import { isBillingNotConfigured, useCheckout, useSubscription } from './api';

const TEAM_CONTACT_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('MeetWell Team plan')}`;
const BILLING_NOT_CONFIGURED_TITLE = 'Billing is not configured on this server.';
export const TRIAL_ENDED_TEXT = `Your free trial has ended. Choose a plan to keep using ${PRODUCT_NAME}.`;
export const PLAN_ENDED_TEXT = `Your plan has ended. Choose a plan to keep using ${PRODUCT_NAME}.`;
const CHOOSE_A_PLAN_LABEL = 'Choose a plan';

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

/** Running paid plans count as the current plan; an ended one can be chosen again. */
const CURRENT_STATUSES = new Set(['active', 'past_due', 'incomplete']);

export type PlanChooserProps =
  | {
      /** Logged-out visitors: actions are replaced by the sign-up prompt. */
      mode: 'marketing';
      /** Heading level of 'Our plans' (1 on the pricing page). */
      order?: 1 | 2;
    }
  | { mode: 'app'; user: CurrentUser; order?: 1 | 2 };

/** 'Our plans': Solo and Team from the domain's plans (Trial hidden); Team is reached by contacting us. */
export function PlanChooser(props: PlanChooserProps) {
  return props.mode === 'app' ? (
    <AppPlanChooser user={props.user} order={props.order ?? 2} />
  ) : (
    <MarketingPlanChooser order={props.order ?? 2} />
  );
}

function MarketingPlanChooser({ order }: { order: 1 | 2 }) {
  return (
    <Stack gap="xl">
      <PlansHeading order={order} subtitle={`Try ${TRIAL_DAYS} days for free. No credit card required.`} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={760} mx="auto" w="100%">
        {displayedPlans().map((plan) => (
          <PlanCard key={plan.id} plan={plan} action={plan.contactUs ? <ContactUsButton /> : null} />
        ))}
      </SimpleGrid>
      <Box maw={520} mx="auto" w="100%">
        <SignUpPrompt />
      </Box>
      <WhatYouGet order={order} />
    </Stack>
  );
}

/**
 * Admins select a plan and press choose: the server answers a hosted checkout to go to, or updates a running
 * subscription in place. Others see why they cannot.
 */
function AppPlanChooser({ user, order }: { user: CurrentUser; order: 1 | 2 }) {
  const { data: subscription } = useSubscription();
  const checkout = useCheckout();
  const location = useLocation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const plans = displayedPlans();
  const canChoose = canManageBilling(user);
  const currentPlanId =
    !user.deactivated_at && CURRENT_STATUSES.has(user.subscription_status ?? '')
      ? user.subscription_plan
      : null;
  const selected = plans.find((plan) => plan.id === selectedId && !plan.contactUs) ?? null;
  const notConfigured = subscription?.billing_configured === false || isBillingNotConfigured(checkout.error);
  const leaving = checkout.isSuccess && Boolean(checkout.data.url);

  return (
    <Stack gap="xl">
      <PlansHeading order={order} subtitle={appSubtitle(user, currentPlanId)} />

      {!canChoose && (
        <Notice icon={<IconLock size={18} />} color="gray" title={VALIDATION_MESSAGES.onlyAdminsChoosePlan}>
          Ask your team's billing admin to change the plan.
        </Notice>
      )}
      {canChoose && notConfigured && (
        <Notice icon={<IconPlugConnectedX size={18} />} color="warning" title={BILLING_NOT_CONFIGURED_TITLE}>
          Plans can't be paid for here yet. An administrator of this {PRODUCT_NAME} server can extend your
          trial in the meantime.
        </Notice>
      )}

      <Radio.Group
        value={selectedId}
        onChange={setSelectedId}
        aria-label="Plans"
        maw={760}
        mx="auto"
        w="100%"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === currentPlanId}
              selected={plan.id === selected?.id}
              action={
                plan.contactUs ? (
                  <ContactUsButton />
                ) : (
                  <Radio
                    value={plan.id}
                    label={`Select ${plan.name}`}
                    disabled={!canChoose || plan.id === currentPlanId}
                  />
                )
              }
            />
          ))}
        </SimpleGrid>
      </Radio.Group>

      <Group justify="center">
        <Button
          size="md"
          radius="xl"
          miw={220}
          disabled={!canChoose || !selected || notConfigured}
          loading={checkout.isPending || leaving}
          onClick={() =>
            selected &&
            checkout.mutate({ planId: selected.id, successUrl: location.pathname + location.search })
          }
        >
          {selected ? `Choose ${selected.name}` : CHOOSE_A_PLAN_LABEL}
        </Button>
      </Group>

      <WhatYouGet order={order} />
    </Stack>
  );
}

function appSubtitle(user: CurrentUser, currentPlanId: string | null): string {
  if (hasTrialEnded(user)) return TRIAL_ENDED_TEXT;
  if (mustChoosePlan(user)) return PLAN_ENDED_TEXT;
  const current = findPlan(currentPlanId);
  if (current?.paid) return `You are on the ${current.name} plan.`;
  const days = trialDaysLeft(user);
  if (isOnTrial(user) && days !== null) return `You are on the free trial: ${dayCount(days)} left.`;
  return `Try ${TRIAL_DAYS} days for free. No credit card required.`;
}

function PlansHeading({ order, subtitle }: { order: 1 | 2; subtitle: string }) {
  return (
    <Box ta="center">
      <Title order={order} fz={{ base: 30, sm: order === 1 ? 40 : 28 }}>
        {PUBLIC_TEXTS.plansTitle}
      </Title>
      <Text c="dimmed" mt={6}>
        {subtitle}
      </Text>
    </Box>
  );
}

function Notice({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={icon}
      maw={760}
      mx="auto"
      w="100%"
      title={title}
      // The light alerts' coloured title falls just short of AA on its tint: the title keeps the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}

function ContactUsButton() {
  return (
    <Button component="a" href={TEAM_CONTACT_MAILTO} variant="light" fullWidth>
      Contact us
    </Button>
  );
}

function PlanCard({
  plan,
  action,
  current = false,
  selected = false,
}: {
  plan: Plan;
  action: ReactNode;
  current?: boolean;
  selected?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow={plan.contactUs ? undefined : 'sm'}
      aria-label={`${plan.name} plan`}
      component="section"
      style={selected ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Emoji emoji={plan.emoji} size={32} />
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
            {formatPrice(plan.amount)}
          </Text>
          <Text c="dimmed">{planPriceUnit(plan)}</Text>
        </Group>
        <List spacing={4} size="sm" style={{ flex: 1 }}>
          {(PLAN_POINTS[plan.id] ?? []).map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Paper>
  );
}

function WhatYouGet({ order }: { order: 1 | 2 }) {
  return (
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
  );
}
