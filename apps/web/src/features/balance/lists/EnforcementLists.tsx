import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { domainListSaveState, listTooLong } from '@meetwell/domain';
import { type ReactNode, useState } from 'react';
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

/** What a list's form is given: the list as stored, and the team's locked entries beside it. */
interface ListFormProps {
  scope: ListScope;
  own: readonly string[];
  locked: readonly string[];
}

/**
 * The form of one list, started afresh whenever the stored list changes (a save, another tab): the user's (or,
 * for admins, the team's) own entries and the team's locked ones.
 */
function ScopedList({
  scope,
  which,
  Form,
}: {
  scope: ListScope;
  which: 'organizer_denylist' | 'domains_allowlist';
  Form: (props: ListFormProps) => ReactNode;
}) {
  const { own, locked } = useLists(scope, which);
  return <Form key={own.join(',')} scope={scope} own={own} locked={locked} />;
}

/**
 * A list's fields with Save under them: disabled while nothing changed (and, for domains in Some mode, while
 * the list is empty); a saved list says so.
 */
function ListForm({
  children,
  count,
  canSave,
  saving,
  onSave,
}: {
  children: ReactNode;
  /** The entries the list would be saved with: more than a list holds keeps Save off and says so. */
  count: number;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  const tooLong = listTooLong(count);
  return (
    <Stack gap="xs">
      {children}
      {tooLong && (
        <Text fz="sm" c="danger" role="alert">
          {tooLong}
        </Text>
      )}
      <Group justify="flex-end">
        <Button size="xs" disabled={!canSave || tooLong !== null} loading={saving} onClick={onSave}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** Save the list, with a toast once saved. */
function saveWithToast(
  save: { mutate: (list: string[], options: { onSuccess: () => void }) => void },
  list: string[],
  message: string,
): void {
  save.mutate(list, { onSuccess: () => notifications.show({ color: 'success', message }) });
}

// ---------------------------------------------------------------------------------------------------------
// VIPs (organizer_denylist): meetings they organize are never acted on

export function VipList({ scope = 'user' }: { scope?: ListScope }) {
  return <ScopedList scope={scope} which="organizer_denylist" Form={VipListForm} />;
}

function VipListForm({ scope, own, locked }: ListFormProps) {
  const [list, setList] = useState<string[]>([...own]);
  const save = useSaveVips(scope);
  const changed = !sameList(list, own);
  return (
    <ListForm
      count={list.length}
      canSave={changed}
      saving={save.isPending}
      onSave={() => saveWithToast(save, list, 'Your VIPs were saved.')}
    >
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
    </ListForm>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Domain enforcement (domains_allowlist): All domains, or Some

export function DomainList({ scope = 'user' }: { scope?: ListScope }) {
  return <ScopedList scope={scope} which="domains_allowlist" Form={DomainListForm} />;
}

function DomainListForm({ scope, own, locked }: ListFormProps) {
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
    <ListForm
      count={mode === 'some' ? domains.length : 0}
      canSave={state.canSave}
      saving={save.isPending}
      onSave={() =>
        saveWithToast(save, state.value ? state.value.split(',') : [], 'Your domains were saved.')
      }
    >
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
    </ListForm>
  );
}
