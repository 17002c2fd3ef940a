import { Alert, Group, Stack, Text } from '@mantine/core';
import { CONNECTION_PAUSE_TEXT, connectionProblemText } from '@meetwell/domain';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { calendarKeys, fetchCalendars } from '../plan/api';
import { brokenCalendars, lastGoodReadText } from './health';
import { ReconnectButton } from './ReconnectCalendar';

/**
 * On every signed-in screen: each calendar that cannot be read, named, with what it means and its one-click
 * reconnect. The calendars' list follows the sync status pushed over the socket, so it appears and goes live.
 */
export function ConnectionBanner() {
  // The calendars' list every screen shares (Account, Plan); a failure to read it is not this banner's to toast.
  const { data } = useQuery({
    queryKey: calendarKeys.list(false),
    queryFn: () => fetchCalendars(false),
    meta: { errorToast: false },
  });
  const broken = brokenCalendars(data);
  if (broken.length === 0) return null;
  return (
    <Stack gap="xs" mb="lg" role="region" aria-label="Calendar connections">
      {broken.map((calendar) => (
        <Alert
          key={calendar.id}
          color="danger"
          variant="light"
          radius="lg"
          icon={<IconPlugConnectedX size={20} />}
          data-testid="connection-banner"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div style={{ flex: 1, minWidth: 240 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {connectionProblemText(calendar.name, calendar.connection_problem)}
              </Text>
              <Text fz="sm">
                {CONNECTION_PAUSE_TEXT} {lastGoodReadText(calendar)}
              </Text>
            </div>
            <ReconnectButton calendar={calendar} size="sm" />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
