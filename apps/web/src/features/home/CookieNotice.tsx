import { Button, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { Emoji } from '../../components/Emoji';
import { COOKIE_NOTICE_KEY } from '../../lib/constants';
import { readStorage, writeStorage } from '../../lib/storage';

const unchanging = () => () => {};

/**
 * One-time notice; the dismissal is remembered in local storage (storage failures are ignored). The
 * pre-rendered page leaves it out (the server cannot know), and the browser shows it after hydrating.
 */
export function CookieNotice() {
  const dismissedBefore = useSyncExternalStore(
    unchanging,
    () => readStorage(COOKIE_NOTICE_KEY) === 'dismissed',
    () => true,
  );
  const [dismissedNow, setDismissedNow] = useState(false);
  if (dismissedBefore || dismissedNow) return null;

  const dismiss = () => {
    writeStorage(COOKIE_NOTICE_KEY, 'dismissed');
    setDismissedNow(true);
  };

  return (
    <Paper
      role="region"
      aria-label="Cookies are for eating"
      shadow="lg"
      radius="lg"
      withBorder
      p="md"
      maw={380}
      style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 200 }}
    >
      <Text fw={700} mb={4}>
        <Emoji emoji="🍪" /> Cookies are for eating
      </Text>
      <Text fz="sm" c="dimmed">
        We don't track you. No analytics, no ads, no third-party cookies: the only cookies we set keep you
        signed in.
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" onClick={dismiss}>
          Cheers to privacy!
        </Button>
      </Group>
    </Paper>
  );
}
