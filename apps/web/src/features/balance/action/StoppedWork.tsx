import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDate } from '@meetwell/domain';
import { browserTimeZone } from '../../../lib/timezone';
import { useJobFailures, useRetryJobFailure } from '../api';

const WHAT_STOPPED: Record<string, string> = {
  autobalance_user: 'Auto-Balance could not go through your meetings',
  reevaluate_user: 'MeetWell could not score your meetings again',
};

/**
 * Auto-balance (or the scoring it decides on) failed for good: nothing is reminded or declined meanwhile.
 * Says so, since when, and lets the person try again; it stays until a run succeeds.
 */
export function StoppedWork() {
  const failures = useJobFailures();
  const retry = useRetryJobFailure();
  const stopped = (failures.data ?? []).filter((f) => WHAT_STOPPED[f.attributes.job]);
  if (stopped.length === 0) return null;
  const zone = browserTimeZone();
  return (
    <Alert color="danger" variant="light" title="Auto-Balance has stopped" role="alert">
      {stopped.map((failure) => (
        <Group key={failure.id} justify="space-between" wrap="wrap" gap="xs">
          <Text fz="sm">
            {`${WHAT_STOPPED[failure.attributes.job]} (last tried ${formatDate(failure.attributes.failed_at, 'NoYear', zone)} at ${formatDate(failure.attributes.failed_at, 'Time', zone)}). Until it does, no meeting is reminded or declined for you. It tries again after your next change, or now:`}
          </Text>
          <Button
            size="xs"
            variant="light"
            color="danger"
            loading={retry.isPending && retry.variables === failure.attributes.job}
            onClick={() => retry.mutate(failure.attributes.job)}
          >
            Try again
          </Button>
        </Group>
      ))}
    </Alert>
  );
}
