import {
  CheckIcon,
  ColorSwatch,
  Divider,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { CommunicationPrefs, CurrentUser } from '../../session/types';
import { OwnMailsPreview } from '../mail-preview/OwnMailsPreview';
import { DEFAULT_EVENT_COLORS, useEventColors, useUpdateUser } from './api';

const EMAIL_PREFS: { key: keyof CommunicationPrefs; label: string; description: string }[] = [
  {
    key: 'all_communications',
    label: 'All emails',
    description: 'Turn off to stop every email from MeetWell.',
  },
  { key: 'email_weekly_reports', label: 'Weekly report', description: 'Your report card every week.' },
  {
    key: 'email_reminders',
    label: 'Action emails',
    description: 'Before and after MeetWell reminds an organizer or declines for you.',
  },
  {
    key: 'email_if_organizer',
    label: 'Meetings you organize',
    description: "When a meeting you organize breaks someone's preferences.",
  },
  { key: 'email_tips', label: 'Tips', description: 'Now and then, ideas for healthier meetings.' },
];

export function EmailPreferencesCard({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const prefs = user.communication_prefs ?? {};
  const allOff = prefs.all_communications === false;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Email preferences
      </Title>
      <Stack gap="md">
        {EMAIL_PREFS.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={prefs[key] !== false && (key === 'all_communications' || !allOff)}
            disabled={(key !== 'all_communications' && allOff) || update.isPending}
            onChange={(event) =>
              update.mutate({ communication_prefs: { [key]: event.currentTarget.checked } })
            }
          />
        ))}
        <Divider />
        <OwnMailsPreview />
      </Stack>
    </Paper>
  );
}

export function CalendarPreferencesCard({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const colors = useEventColors().data ?? DEFAULT_EVENT_COLORS;
  // Earlier versions stored the colour list's resource id ('google_oauth2:5'): the same colour.
  const selected = user.wellness_block_color_preference?.replace(/^google_oauth2:/, '') ?? null;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Calendar preferences
      </Title>
      <Stack gap="lg">
        <Switch
          label="Daily report card events"
          description="Add an event with your day's report card to your calendar."
          checked={Boolean(user.daily_report_card_events)}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ daily_report_card_events: event.currentTarget.checked })}
        />
        <div>
          <Text fz="sm" fw={500}>
            Wellness block colour
          </Text>
          <Text fz="xs" c="dimmed" mb="xs">
            The colour of your Wellness blocks in Google Calendar.
          </Text>
          <Group gap={8} role="radiogroup" aria-label="Wellness block colour">
            {colors.map((color) => {
              const active = selected === color.id;
              return (
                <Tooltip key={color.id} label={color.label} withArrow>
                  <UnstyledButton
                    role="radio"
                    aria-checked={active}
                    aria-label={color.label}
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate({ wellness_block_color_preference: active ? null : color.id })
                    }
                  >
                    <ColorSwatch color={color.hex} size={26} style={{ color: '#fff', cursor: 'pointer' }}>
                      {active && <CheckIcon size={12} />}
                    </ColorSwatch>
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </Group>
        </div>
      </Stack>
    </Paper>
  );
}
