import { Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { EVENT_COLORS, WELLNESS_BLOCK_CATEGORY_LABELS } from '@meetwell/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CLAMPED_TITLE_STYLE } from '../../components/clampedTitle';
import type { CurrentUser } from '../../session/types';
import { DailyReportEvent } from '../daily-report-events/DailyReportEvent';
import { PresentMode } from '../present/PresentMode';
import { useMeeting } from './hooks';
import { MeetingDetail, MeetingInfo } from './MeetingDetail';
import { type Meeting, meetingVariant } from './types';

function WellnessBlockEvent({ meeting, blockPath }: { meeting: Meeting; blockPath: string }) {
  const category = meeting.wellness_block_category === 'life' ? 'life' : 'focus';
  return (
    <Stack gap="md" data-variant="wellness_block">
      <Group gap="xs">
        <Badge style={{ background: EVENT_COLORS[category] }} c="white" tt="none">
          {WELLNESS_BLOCK_CATEGORY_LABELS[category]} Wellness block
        </Badge>
      </Group>
      <MeetingInfo meeting={meeting} />
      <Text fz="sm" c="dimmed">
        This time is protected by one of your Wellness blocks: meetings that overlap it lose points.
      </Text>
      <Group>
        <Button component={Link} to={blockPath} variant="light">
          View the Wellness block
        </Button>
      </Group>
    </Stack>
  );
}

/** The meeting modal of /my/plan/meeting/:id: a meeting, a Wellness block's event, or a daily report event. */
export function MeetingModal({
  id,
  user,
  weekQuery,
  onClose,
  onMissing,
}: {
  id: string;
  user: CurrentUser;
  /** '?w=…' of the plan behind the modal, kept in links. */
  weekQuery: string;
  onClose: () => void;
  /** The meeting could not be loaded (404 or another failure). */
  onMissing: () => void;
}) {
  const query = useMeeting(id);
  const [presenting, setPresenting] = useState(false);
  const meeting = query.data;
  const failed = query.isError;

  useEffect(() => {
    if (failed) onMissing();
  }, [failed, onMissing]);

  const variant = meeting ? meetingVariant(meeting) : null;
  const title = meeting ? meeting.summary?.trim() || '(No title)' : 'Loading…';

  return (
    <>
      <Modal
        opened={!presenting}
        onClose={onClose}
        title={title}
        size={variant === 'meeting' ? 960 : 'lg'}
        padding="lg"
        radius="lg"
        styles={{
          title: { ...CLAMPED_TITLE_STYLE, fontWeight: 750, fontSize: 'var(--mantine-font-size-xl)' },
        }}
      >
        {!meeting ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the meeting" />
          </Center>
        ) : variant === 'wellness_block' ? (
          <WellnessBlockEvent
            meeting={meeting}
            blockPath={`/my/plan/block/${meeting.wellness_block_id}${weekQuery}`}
          />
        ) : variant === 'daily_report' ? (
          <DailyReportEvent meeting={meeting} />
        ) : (
          <MeetingDetail meeting={meeting} user={user} onPresent={() => setPresenting(true)} />
        )}
      </Modal>
      {presenting && meeting && <PresentMode meeting={meeting} onClose={() => setPresenting(false)} />}
    </>
  );
}
