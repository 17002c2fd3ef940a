import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UI_TIMINGS_MS } from '../../copy/ui';
import { browserTimeZone } from '../../lib/timezone';
import { useSignedInUser } from '../../session/useSignedInUser';
import { blockListWindow, useWatchedCalendars, useWellnessBlocks } from './api';
import { presetLabel, WB_LABEL_PARAM } from './preset-label';
import { WellnessBlockForm } from './WellnessBlockForm';

const DEEP_LINK_RETRY_MS = UI_TIMINGS_MS.deepLinkRetry;
/** A deep link to a block not (yet) in the list is retried this many times before giving up. */
const DEEP_LINK_MAX_RETRIES = 10;

/** Refetches every 500 ms (at most DEEP_LINK_MAX_RETRIES times) while `waiting`; true once it gave up. */
function useDeepLinkRetry(waiting: boolean, refetch: () => unknown): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      if (attempts > DEEP_LINK_MAX_RETRIES) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      void refetch();
    }, DEEP_LINK_RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
  return waiting && gaveUp;
}
/**
 * What the drawer shows for a block ('new' or an id): the form once the user's calendars and blocks are loaded,
 * else loading, the calendars' error, no calendar yet, or a block that is not there.
 */
export function WellnessBlockDrawerBody({ blockId, onDone }: { blockId: string; onDone: () => void }) {
  const user = useSignedInUser();
  const zone = user.time_zone || browserTimeZone();
  const [window] = useState(() => blockListWindow());
  const blocks = useWellnessBlocks(window);
  const calendars = useWatchedCalendars();
  const isNew = blockId === 'new';
  const [params] = useSearchParams();
  const block = isNew ? null : (blocks.data?.find((item) => item.id === blockId) ?? null);
  const gaveUp = useDeepLinkRetry(!isNew && blocks.isSuccess && !block, blocks.refetch);

  if (calendars.isPending || blocks.isPending) return <Loading />;
  if (calendars.isError) {
    return (
      <Stack gap="sm" py="md">
        <Text>We couldn't load your calendars.</Text>
        <Button variant="default" onClick={() => void calendars.refetch()} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }
  if (calendars.data.length === 0) return <NoCalendar />;
  if (!isNew && !block) {
    if (blocks.isError || gaveUp) {
      return (
        <Stack gap="sm" py="md">
          <Text>We couldn't find this Wellness block. It may have been deleted.</Text>
          <Button variant="default" onClick={onDone} w="fit-content">
            Close
          </Button>
        </Stack>
      );
    }
    return <Loading />;
  }
  return (
    <WellnessBlockForm
      key={block?.id ?? 'new'}
      block={block}
      blocks={blocks.data ?? []}
      calendars={calendars.data}
      timeZone={zone}
      goalIds={(user.goal_ids ?? []).map(String)}
      initialLabel={isNew ? presetLabel(params.get(WB_LABEL_PARAM)) : undefined}
      onDone={onDone}
    />
  );
}

function Loading() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading the Wellness block" />
    </Center>
  );
}

function NoCalendar() {
  return (
    <Stack gap="sm" py="md" align="flex-start">
      <Title order={3} fz="lg">
        {WELLNESS_BLOCK_TEXTS.noCalendar}
      </Title>
      <Text c="dimmed">{WELLNESS_BLOCK_TEXTS.calendarRequired}</Text>
      <Button component={Link} to="/my/account">
        {WELLNESS_BLOCK_TEXTS.goToSettings}
      </Button>
    </Stack>
  );
}
