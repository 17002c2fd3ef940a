import { Button, Group, Text, TextInput } from '@mantine/core';
import { formatNumber, salaryEditState } from '@meetwell/domain';
import { useEffect, useState } from 'react';
import { useSaveSalary } from './api';
import { Panel } from './Blocks';
import type { ReviewView } from './reviewState';

/**
 * The average salary that costs the meetings: the user's own in the you view, the team's in the team view
 * (shown to admins only). A comma-formatted integer; Save stays off while it is unchanged.
 */
export function SalaryEdit({
  view,
  teamId,
  current,
  onSaved,
}: {
  view: ReviewView;
  teamId: string | null;
  current: number | undefined;
  /** E.g. Team management reloads its team, which holds the salary. */
  onSaved?: () => void;
}) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (current !== undefined) setValue(formatNumber(current, 0));
  }, [current]);
  const save = useSaveSalary({ view, teamId });
  const state = salaryEditState(value, current);
  const invalid = value.trim() !== '' && state.salary === null;
  return (
    <Panel
      title="Average salary"
      description={
        view === 'team'
          ? "Your team's average annual salary, used to cost meetings"
          : 'Your annual salary, used to cost your meetings'
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (state.canSave && state.salary !== null) save.mutate(state.salary, { onSuccess: onSaved });
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Annual salary"
            leftSection="$"
            inputMode="numeric"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={invalid ? 'Enter a whole number, like 80,000' : state.error}
            w={200}
          />
          <Button type="submit" mt={25} disabled={!state.canSave} loading={save.isPending}>
            Save
          </Button>
        </Group>
        {state.hint && (
          <Text fz="sm" c="dimmed" mt={6}>
            {state.hint}
          </Text>
        )}
      </form>
    </Panel>
  );
}
