import { Alert, Button, Group, Text } from '@mantine/core';
import { isValidTimeZone, keepsSameClock } from '@meetwell/domain';
import { IconWorld } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import { browserTimeZone } from '../../lib/timezone';
import type { CurrentUser } from '../../session/types';
import { useUpdateUser } from './api';

/** The browser zone a person chose not to move to, per person: asked again only from yet another zone. */
const keptKey = (userId: string) => `mw.time-zone-kept.${userId}`;

/** The zone this browser is in, when its clock is not the person's (and they have not said to keep theirs). */
export function otherBrowserZone(user: CurrentUser, browserZone: string, now: number): string | null {
  const own = user.time_zone;
  if (!own || !isValidTimeZone(own) || !isValidTimeZone(browserZone)) return null;
  if (keepsSameClock(own, browserZone, now)) return null;
  if (readStorage(keptKey(user.id)) === browserZone) return null;
  return browserZone;
}

/**
 * A person signed in from elsewhere keeps their zone until they sign in again (ADR 0085): say that Plan draws
 * this browser's times while their days, reports and e-mails stay in theirs, and offer to move.
 */
export function TimeZoneBanner({ user }: { user: CurrentUser }) {
  const [kept, setKept] = useState(false);
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const browserZone = otherBrowserZone(user, browserTimeZone(), Date.now());
  if (!browserZone || kept || !user.time_zone) return null;
  const own = user.time_zone;

  return (
    <Alert
      color="blue"
      variant="light"
      radius="lg"
      mb="lg"
      icon={<IconWorld size={20} />}
      role="region"
      aria-label="Time zone"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 240 }}>
          <Text fw={600}>This browser is in {browserZone}.</Text>
          <Text fz="sm">
            Your days, reports and e-mails use {own}; Plan shows meetings at this browser's times.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { time_zone: browserZone },
                // Every figure cut by days (reports, the week's totals, the blocks) changes with the zone.
                { onSuccess: () => void queryClient.invalidateQueries() },
              )
            }
          >
            Use {browserZone}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              writeStorage(keptKey(user.id), browserZone);
              setKept(true);
            }}
          >
            Keep {own}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
