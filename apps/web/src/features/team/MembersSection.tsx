import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { ADMIN_ROLE, ROLES } from '@meetwell/domain';
import { IconCheck, IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { PlainList } from '../../components/PlainList';
import { SectionCard } from '../../components/SectionCard';
import { useIsMobile } from '../../lib/useIsMobile';
import { type Member, type RoleValue, useChangeRole, useMembers, useRemoveMember } from './api';

const OWN_ROLE_HINT = 'You cannot change your own role.';

/** Admin for billing_admin; a missing (or unknown) role reads as User, the default (stats §4). */
function roleLabel(role: string | null | undefined): string {
  return ROLES.find((item) => item.value === role)?.label ?? 'User';
}

const ROLE_CHOICES: { value: RoleValue; label: string }[] = [
  { value: ADMIN_ROLE, label: roleLabel(ADMIN_ROLE) },
  { value: 'user', label: roleLabel(null) },
];

function memberName(member: Member): string {
  return member.name?.trim() || member.email;
}

function memberInitials(member: Member): string {
  const words = memberName(member)
    .split(/[\s@.]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

interface ListProps {
  members: Member[];
  selfId: string;
  /** The member whose role is being saved. */
  changingId: string | null;
  onChangeRole: (member: Member, role: RoleValue) => void;
  onRemove: (member: Member) => void;
}

function MemberIdentity({ member, isSelf }: { member: Member; isSelf: boolean }) {
  const name = memberName(member);
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={member.profile_image || null} radius="xl" size={36} color="brand" alt="">
        {memberInitials(member)}
      </Avatar>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fw={600} fz="sm" truncate>
          {name}
        </Text>
        {isSelf && (
          <Badge size="xs" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
            You
          </Badge>
        )}
      </Group>
    </Group>
  );
}

/** The role with a menu to change it; the current role is disabled in the menu, and your own row entirely. */
function RoleMenu({
  member,
  isSelf,
  onChangeRole,
  changing,
}: {
  member: Member;
  isSelf: boolean;
  onChangeRole: ListProps['onChangeRole'];
  changing: boolean;
}) {
  const current = member.role === ADMIN_ROLE ? ADMIN_ROLE : 'user';
  const label = roleLabel(member.role);
  const button = (
    <Button
      variant="default"
      size="compact-sm"
      rightSection={isSelf ? null : <IconChevronDown size={14} aria-hidden="true" />}
      disabled={isSelf}
      loading={changing}
      aria-label={`Role of ${memberName(member)}: ${label}`}
      miw={88}
    >
      {label}
    </Button>
  );
  if (isSelf) {
    return (
      <Tooltip label={OWN_ROLE_HINT} withArrow>
        <span style={{ display: 'inline-block' }}>{button}</span>
      </Tooltip>
    );
  }
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Role</Menu.Label>
        {ROLE_CHOICES.map((choice) => (
          <Menu.Item
            key={choice.value}
            disabled={choice.value === current}
            rightSection={choice.value === current ? <IconCheck size={14} aria-hidden="true" /> : null}
            onClick={() => onChangeRole(member, choice.value)}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function RemoveButton({
  member,
  isSelf,
  onRemove,
}: {
  member: Member;
  isSelf: boolean;
  onRemove: ListProps['onRemove'];
}) {
  // Leaving the team yourself is not done here (the server refuses it): no button on your own row.
  if (isSelf) return <span style={{ display: 'inline-block', width: 28 }} />;
  return (
    <Tooltip label="Remove from the team" withArrow>
      <ActionIcon
        variant="subtle"
        color="danger"
        onClick={() => onRemove(member)}
        aria-label={`Remove ${memberName(member)}`}
      >
        <IconTrash size={16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

function MembersTable({ members, ...row }: ListProps) {
  return (
    <Table verticalSpacing="sm" aria-label="Members" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="36%">Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th w={130}>Role</Table.Th>
          <Table.Th w={56}>
            <VisuallyHidden>Remove</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => {
          const isSelf = member.user_id === row.selfId;
          return (
            <Table.Tr key={member.id}>
              <Table.Td>
                <MemberIdentity member={member} isSelf={isSelf} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm" truncate>
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleMenu
                  member={member}
                  isSelf={isSelf}
                  onChangeRole={row.onChangeRole}
                  changing={row.changingId === member.id}
                />
              </Table.Td>
              <Table.Td ta="right">
                <RemoveButton member={member} isSelf={isSelf} onRemove={row.onRemove} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Phones: one card per member (a table would scroll sideways). */
function MemberCards({ members, ...row }: ListProps) {
  return (
    <PlainList gap="xs" aria-label="Members">
      {members.map((member) => {
        const isSelf = member.user_id === row.selfId;
        return (
          <Paper key={member.id} component="li" withBorder radius="md" p="sm">
            <Stack gap={8}>
              <MemberIdentity member={member} isSelf={isSelf} />
              <Text fz="sm" c="dimmed" truncate>
                {member.email}
              </Text>
              <Group justify="space-between" wrap="nowrap">
                <RoleMenu
                  member={member}
                  isSelf={isSelf}
                  onChangeRole={row.onChangeRole}
                  changing={row.changingId === member.id}
                />
                <RemoveButton member={member} isSelf={isSelf} onRemove={row.onRemove} />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </PlainList>
  );
}

export function MembersSection({ teamId, selfId }: { teamId: string; selfId: string }) {
  const members = useMembers(teamId);
  const changeRole = useChangeRole(teamId);
  const remove = useRemoveMember(teamId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const mobile = useIsMobile();

  const rows = {
    selfId,
    changingId: changeRole.isPending ? (changeRole.variables?.member.id ?? null) : null,
    onChangeRole: (member: Member, role: RoleValue) => changeRole.mutate({ member, role }),
    onRemove: setRemoving,
  };
  const count = members.data?.length;

  return (
    <SectionCard
      order={2}
      title="Members"
      description="Everyone on your team. Admins manage the team, its settings and billing."
      right={
        count !== undefined && (
          <Badge variant="light" tt="none" size="lg" radius="sm">
            {count} {count === 1 ? 'member' : 'members'}
          </Badge>
        )
      }
    >
      {members.isPending ? (
        <Stack gap="xs" aria-label="Loading the members">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : members.isError ? (
        <Group gap="sm">
          <Text c="dimmed" fz="sm">
            The members could not be loaded.
          </Text>
          <Button size="xs" variant="default" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </Group>
      ) : mobile ? (
        <MemberCards members={members.data} {...rows} />
      ) : (
        <MembersTable members={members.data} {...rows} />
      )}

      <AlertDialog
        opened={removing !== null}
        title={removing ? `Remove ${memberName(removing)}?` : ''}
        text="They will leave the team and keep their own account."
        confirmLabel="Remove member"
        confirmColor="danger"
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </SectionCard>
  );
}
