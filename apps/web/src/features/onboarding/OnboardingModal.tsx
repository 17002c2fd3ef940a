import { Button, Center, Chip, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@meetwell/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { UI_TIMINGS_MS } from '../../copy/ui';
import type { CurrentUser } from '../../session/types';
import { useUpdateUser } from '../account/api';
import { CalendarsCard } from '../account/CalendarsCard';
import { useCalendars } from '../plan/api';
import { onboardingKeys, useGoals } from './api';
import { REVIEW_TOUR_PATH, stepCounter } from './tour';

const STEPS = ['intro', 'calendars', 'goals', 'finish'] as const;
type Step = (typeof STEPS)[number];

const TITLES: Record<Step, string> = {
  intro: `Welcome to ${PRODUCT_NAME}!`,
  calendars: 'Choose your calendars',
  goals: 'Set your goals',
  finish: "You're all set!",
};

const ONBOARDING_TEXTS = {
  intro: `${PRODUCT_NAME} scores your meetings out of 100 against your preferences, protects your time with Wellness blocks and can remind organizers of, or decline, meetings that break your preferences.`,
  introNext: "Let's get started",
  calendars: `Switch on the calendars ${PRODUCT_NAME} should balance. No calendar yet? Add one here.`,
  calendarsNeeded: 'Switch on at least one calendar to go on.',
  goals: 'What would you like more time for? Your goals become ideas for Wellness blocks.',
  finish: 'Now a quick tour of the app.',
} as const;

/**
 * The first-run modal (also after 'Take a tour', which sets onboarded false): welcome, calendars, goals, then
 * finish saves the goals with onboarded true and, after the goal save delay, opens Review with the tour.
 * It cannot be dismissed: the only way out is through. `onHold(true)` keeps it shown while it finishes,
 * as the saved user is onboarded already by then.
 */
export function OnboardingModal({ user, onHold }: { user: CurrentUser; onHold: (held: boolean) => void }) {
  const [step, setStep] = useState<Step>('intro');
  const index = STEPS.indexOf(step);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useUpdateUser();
  const external = (user.identity_providers ?? []).length > 0;
  const calendars = useCalendars(external);
  const watching = (calendars.data ?? []).some((calendar) => calendar.watching);
  const goals = useGoals();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const chosenGoals =
    chosen ?? (goals.data ?? []).filter((goal) => goal.selected).map((goal) => String(goal.id));

  useEffect(() => {
    if (step !== 'finish') return;
    const timer = window.setTimeout(() => {
      navigate(REVIEW_TOUR_PATH);
      onHold(false);
    }, UI_TIMINGS_MS.goalSave);
    return () => window.clearTimeout(timer);
  }, [step, navigate, onHold]);

  const finish = () => {
    onHold(true);
    save.mutate(
      { goal_ids: chosenGoals.map(Number), onboarded: true },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: onboardingKeys.allGoals });
          setStep('finish');
        },
        onError: () => onHold(false),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={TITLES[step]}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        {step !== 'finish' && (
          <Text fz="sm" c="dimmed" data-testid="onboarding-step">
            Step {stepCounter(index + 1)}
          </Text>
        )}
        {step === 'intro' && (
          <>
            <Text>{ONBOARDING_TEXTS.intro}</Text>
            <Group justify="flex-end">
              <Button onClick={() => setStep('calendars')}>{ONBOARDING_TEXTS.introNext}</Button>
            </Group>
          </>
        )}
        {step === 'calendars' && (
          <CalendarsStep
            user={user}
            watching={watching}
            onBack={() => setStep('intro')}
            onNext={() => setStep('goals')}
          />
        )}
        {step === 'goals' && (
          <GoalsStep
            goals={goals}
            chosen={chosenGoals}
            onChoose={setChosen}
            saving={save.isPending}
            onBack={() => setStep('calendars')}
            onFinish={finish}
          />
        )}
        {step === 'finish' && (
          <Center py="md">
            <Stack align="center" gap="sm">
              <Text>{ONBOARDING_TEXTS.finish}</Text>
              <Loader role="status" size="sm" aria-label="Opening the tour" />
            </Stack>
          </Center>
        )}
      </Stack>
    </Modal>
  );
}

/** Step 2: the user's calendars; Next stays off (and says why) until one is watched. */
function CalendarsStep({
  user,
  watching,
  onBack,
  onNext,
}: {
  user: CurrentUser;
  watching: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <>
      <Text>{ONBOARDING_TEXTS.calendars}</Text>
      <CalendarsCard user={user} />
      <Group justify="space-between" wrap="nowrap" align="center">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Group gap="sm" wrap="nowrap" justify="flex-end">
          {!watching && (
            <Text id="onboarding-calendars-needed" fz="sm" c="dimmed" ta="right">
              {ONBOARDING_TEXTS.calendarsNeeded}
            </Text>
          )}
          <Button
            onClick={onNext}
            disabled={!watching}
            aria-describedby={watching ? undefined : 'onboarding-calendars-needed'}
          >
            Next
          </Button>
        </Group>
      </Group>
    </>
  );
}

/** Step 3: the goals to choose (those chosen before are on); Finish saves them. */
function GoalsStep({
  goals,
  chosen,
  onChoose,
  saving,
  onBack,
  onFinish,
}: {
  goals: ReturnType<typeof useGoals>;
  chosen: string[];
  onChoose: (ids: string[]) => void;
  saving: boolean;
  onBack: () => void;
  onFinish: () => void;
}) {
  return (
    <>
      <Text>{ONBOARDING_TEXTS.goals}</Text>
      {goals.isPending ? (
        <Loader role="status" size="sm" aria-label="Loading goals" />
      ) : (
        <Chip.Group multiple value={chosen} onChange={onChoose}>
          <fieldset aria-label="Goals" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Group gap="xs">
              {(goals.data ?? []).map((goal) => (
                <Chip key={goal.id} value={String(goal.id)} variant="outline">
                  {goal.name}
                </Chip>
              ))}
            </Group>
          </fieldset>
        </Chip.Group>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button onClick={onFinish} loading={saving}>
          Finish
        </Button>
      </Group>
    </>
  );
}
