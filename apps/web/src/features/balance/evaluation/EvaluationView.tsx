import { Alert, Center, Group, Loader, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type EvaluationSettings,
  letterGrade,
  localDateString,
  qualityLabel,
  RULE_KEYS,
  RULE_WEIGHTS_OUT_OF_100,
  SETTING_LABELS,
  scoreTier,
} from '@meetwell/domain';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PlainList } from '../../../components/PlainList';
import { SectionCard } from '../../../components/SectionCard';
import { LOCKED_SETTINGS_TITLE } from '../../../copy/texts';
import { browserTimeZone } from '../../../lib/timezone';
import { isAdmin } from '../../../session/user';
import { useSignedInUser } from '../../../session/useSignedInUser';
import { ShareCultureButton } from '../../share-culture/ShareCultureModal';
import { useBalanceSettings, usePatchSettings, useTeamGrade } from '../api';
import { EditPopover } from '../EditPopover';
import { DomainList, VipList } from '../lists/EnforcementLists';
import { SettingRow } from '../SettingRow';
import { type SettingValue, settingChoices, valueLabel } from '../settings-options';

const LOCKED_SETTINGS_TEXT =
  "Only your team's administrators can edit the evaluation settings. Contact your billing admin to change them.";

const IGNORE_KEYS = ['ignore_all_day_meetings', 'ignore_all_hands_meetings'] as const;
const GRADE_DAYS = 30;

/** Balance → Meeting evaluations: the team's grade, what is ignored and how meetings are scored. */
export function EvaluationView() {
  const user = useSignedInUser();
  const settings = useBalanceSettings();
  const patch = usePatchSettings();

  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the evaluation settings" />
      </Center>
    );
  }
  if (settings.isError) {
    return (
      <ErrorState
        emoji="📏"
        title="We couldn't load the evaluation settings"
        action={{ label: 'Try again', onClick: () => void settings.refetch() }}
        order={2}
      />
    );
  }

  const evaluation = settings.data.evaluation;
  const locked = !settings.data.canEditEvaluation;
  const save = (key: keyof EvaluationSettings, value: SettingValue) =>
    patch.mutateAsync({ evaluation_settings: { [key]: value } as Partial<EvaluationSettings> });

  const editor: SettingEditor = (key, label) =>
    locked ? (
      <IconLock size={16} color="var(--mantine-color-dimmed)" aria-label="Locked" />
    ) : (
      <EditPopover
        label={label}
        choices={settingChoices(key)}
        current={evaluation[key]}
        onSave={(value) => save(key, value)}
      />
    );

  return (
    <Stack gap="lg">
      {locked && (
        <Alert color="caution" variant="light" icon={<IconLock size={18} />} title={LOCKED_SETTINGS_TITLE}>
          {LOCKED_SETTINGS_TEXT}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TeamGradeCard timeZone={user.time_zone || browserTimeZone()} />
        <SectionCard title="Meetings to ignore" description="Ignored meetings are not scored." gap="xs">
          <PlainList>
            {IGNORE_KEYS.map((key, index) => (
              <SettingRow
                key={key}
                first={index === 0}
                label={SETTING_LABELS[key].label}
                description={SETTING_LABELS[key].description}
                value={valueLabel(key, evaluation[key])}
                control={editor(key, SETTING_LABELS[key].label)}
              />
            ))}
          </PlainList>
        </SectionCard>
      </SimpleGrid>

      <RulesCard
        evaluation={evaluation}
        editor={editor}
        share={<ShareCultureButton settings={evaluation} teamName={user.company?.name} />}
      />

      {isAdmin(user) && (
        <SectionCard
          title="Who gets enforced for your team"
          description="These apply to everyone on your team and show as locked entries in their lists."
          aria-label="Team enforcement"
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <VipList scope="company" />
            <DomainList scope="company" />
          </SimpleGrid>
        </SectionCard>
      )}
    </Stack>
  );
}

type SettingEditor = (key: keyof EvaluationSettings, label: string) => ReactNode;

/** How every meeting is scored: each rule with its weight out of 100, and sharing the team's culture. */
function RulesCard({
  evaluation,
  editor,
  share,
}: {
  evaluation: EvaluationSettings;
  editor: SettingEditor;
  share: ReactNode;
}) {
  return (
    <SectionCard
      title="Evaluation settings"
      description="How every meeting of your team is scored. Each rule weighs points out of 100."
      right={share}
      align="flex-end"
      gap="xs"
    >
      <PlainList>
        {RULE_KEYS.map((key, index) => {
          const info = SETTING_LABELS[key];
          const weight = RULE_WEIGHTS_OUT_OF_100[key];
          return (
            <SettingRow
              key={key}
              first={index === 0}
              label={info.label}
              description={info.description}
              value={valueLabel(key, evaluation[key])}
              comingSoon={info.coming_soon}
              extra={
                <Text fz="sm" c="dimmed" w={72} ta="right" style={{ flexShrink: 0 }}>
                  {weight > 0 ? `${weight} / 100` : '–'}
                </Text>
              }
              control={info.coming_soon ? null : editor(key, info.label)}
            />
          );
        })}
      </PlainList>
    </SectionCard>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function gradeRange(timeZone: string, now: number = Date.now()) {
  return {
    start: localDateString(now - (GRADE_DAYS - 1) * 86_400_000, timeZone),
    end: localDateString(now, timeZone),
  };
}

/** The team's average score and grade over the last 30 days (the averages report of Review). */
function TeamGradeCard({ timeZone }: { timeZone: string }) {
  const [range] = useState(() => gradeRange(timeZone));
  const grade = useTeamGrade(range);
  const average = grade.data?.average ?? null;
  const score = average === null ? null : Math.round(average);
  const color = score === null ? 'gray' : scoreTier(score);

  return (
    <SectionCard
      title="Team grade"
      description={`The average score of your team's meetings, last ${GRADE_DAYS} days.`}
      gap="sm"
    >
      <Group gap="lg" wrap="nowrap">
        <RingProgress
          size={110}
          thickness={10}
          roundCaps
          sections={[{ value: score ?? 0, color }]}
          label={
            <Text ta="center" fz={26} fw={800} lh={1}>
              {score === null ? '–' : letterGrade(score)}
            </Text>
          }
        />
        {grade.isPending ? (
          <Loader role="status" size="sm" aria-label="Loading the team grade" />
        ) : score === null ? (
          <Text c="dimmed">No stats available.</Text>
        ) : (
          <div>
            <Text fz={32} fw={800} lh={1}>
              {score}
              <Text span c="dimmed" fz="md" fw={500}>
                {' '}
                / 100
              </Text>
            </Text>
            <Text c="dimmed">{capitalize(`${qualityLabel(score)} quality`)}</Text>
          </div>
        )}
      </Group>
    </SectionCard>
  );
}
