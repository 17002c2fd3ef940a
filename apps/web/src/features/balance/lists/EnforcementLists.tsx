import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { domainListSaveState } from '@meetwell/domain';
import { useState } from 'react';
import { useSignedInUser } from '../../../session/useSignedInUser';
import { type ListScope, useSaveDomains, useSaveVips } from '../api';
import { TagsInput } from './TagsInput';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The user's (or, for admins, the team's) own list and the team's locked entries. */
function useLists(scope: ListScope, which: 'organizer_denylist' | 'domains_allowlist') {
  const user = useSignedInUser();
  const company = user.company;
  const own = (scope === 'company' ? company?.[which] : user[which]) ?? [];
  const locked = scope === 'user' ? (company?.[which] ?? []) : [];
  return { own, locked };
}

/** Disabled while nothing changed (and, for domains in Some mode, while the list is empty). */
function SaveButton({
  canSave,
  loading,
  onClick,
}: {
  canSave: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="xs" disabled={!canSave} loading={loading} onClick={onClick}>
      Save
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------------------
// VIPs (organizer_denylist): meetings they organize are never acted on

export function VipList({ scope = 'user' }: { scope?: ListScope }) {
  const { own, locked } = useLists(scope, 'organizer_denylist');
  return <VipListForm key={own.join(',')} scope={scope} own={own} locked={locked} />;
}

function VipListForm({
  scope,
  own,
  locked,
}: {
  scope: ListScope;
  own: readonly string[];
  locked: readonly string[];
}) {
  const [list, setList] = useState<string[]>([...own]);
  const save = useSaveVips(scope);
  const changed = !sameList(list, own);
  return (
    <Stack gap="xs">
      <TagsInput
        kind="email"
        label={scope === 'company' ? "Your team's VIPs" : 'VIPs'}
        description={
          scope === 'company'
            ? 'Meetings these people organize are never reminded or declined for anyone on your team.'
            : 'Meetings these people organize are never reminded or declined.'
        }
        placeholder="name@company.com"
        value={list}
        locked={locked}
        onChange={setList}
      />
      <Group justify="flex-end">
        <SaveButton
          canSave={changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(list, {
              onSuccess: () => notifications.show({ color: 'success', message: 'Your VIPs were saved.' }),
            })
          }
        />
      </Group>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Domain enforcement (domains_allowlist): All domains, or Some

export function DomainList({ scope = 'user' }: { scope?: ListScope }) {
  const { own, locked } = useLists(scope, 'domains_allowlist');
  return <DomainListForm key={own.join(',')} scope={scope} own={own} locked={locked} />;
}

function DomainListForm({
  scope,
  own,
  locked,
}: {
  scope: ListScope;
  own: readonly string[];
  locked: readonly string[];
}) {
  const initialMode = own.length + locked.length > 0 ? 'some' : 'all';
  const [mode, setMode] = useState<'all' | 'some'>(initialMode);
  const [domains, setDomains] = useState<string[]>([...own]);
  const save = useSaveDomains(scope);
  const state = domainListSaveState({
    mode,
    initialMode,
    domains: [...locked, ...domains],
    initialDomains: [...locked, ...own],
    lockedDomains: locked,
  });

  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} fz="sm">
          {scope === 'company' ? "Your team's enforced domains" : 'Enforced domains'}
        </Text>
        <Text fz="xs" c="dimmed">
          Whose meetings are balanced: organizers from all email domains, or only some.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Enforced domains"
        data={[
          { value: 'all', label: 'All' },
          { value: 'some', label: 'Some' },
        ]}
        value={mode}
        onChange={(value) => setMode(value === 'some' ? 'some' : 'all')}
        w="fit-content"
        size="xs"
      />
      {mode === 'some' ? (
        <TagsInput
          kind="domain"
          label="Domains"
          placeholder="company.com"
          value={domains}
          locked={locked}
          onChange={setDomains}
        />
      ) : (
        <Text fz="sm" c="dimmed">
          {locked.length > 0
            ? `Your team limits this to ${locked.join(', ')}.`
            : 'Meetings from organizers at any domain are balanced.'}
        </Text>
      )}
      <Group justify="flex-end">
        <SaveButton
          canSave={state.canSave}
          loading={save.isPending}
          onClick={() =>
            save.mutate(state.value ? state.value.split(',') : [], {
              onSuccess: () => notifications.show({ color: 'success', message: 'Your domains were saved.' }),
            })
          }
        />
      </Group>
    </Stack>
  );
}
