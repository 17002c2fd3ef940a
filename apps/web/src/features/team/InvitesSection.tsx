import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type DialogText, formatDate, splitTagInput, validateInviteEmails } from '@meetwell/domain';
import { type ReactNode, useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { MessageDialog } from '../../components/MessageDialog';
import { PlainList } from '../../components/PlainList';
import { SectionCard } from '../../components/SectionCard';
import { CANCEL_INVITE_DIALOG } from '../../copy/texts';
import { useIsMobile } from '../../lib/useIsMobile';
import { useOneAtATime } from '../../lib/useOneAtATime';
import { type Invite, useCancelInvite, useInvites, useSendInvites } from './api';

/** Several addresses at once (commas, spaces or new lines); each must look like an email (stats §5). */
function InviteForm() {
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<DialogText | null>(null);
  const [limited, setLimited] = useState<string | null>(null);
  const send = useSendInvites();
  const once = useOneAtATime();
  const emails = splitTagInput(text);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const check = validateInviteEmails(emails);
        if (check.dialog) {
          setDialog(check.dialog);
          return;
        }
        if (!check.canInvite) return;
        // What could not be invited stays in the field, to fix or try again.
        setLimited(null);
        void once(async () => {
          const outcome = await send.mutateAsync(check.valid).catch(() => null);
          if (!outcome) return; // the error toast says what went wrong
          setText(outcome.failed.join(', '));
          setLimited(outcome.limited);
        });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Email addresses"
          description="Separate several addresses with commas, spaces or new lines."
          placeholder="name@company.com, another@company.com"
          rows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {limited && (
          <Alert color="warning" variant="light" role="alert" title="No more invites for now">
            {limited}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={emails.length === 0} loading={send.isPending}>
            Invite
          </Button>
        </Group>
      </Stack>
      <MessageDialog dialog={dialog} onClose={() => setDialog(null)} />
    </form>
  );
}

function invitedOn(invite: Invite, timeZone: string | null): string {
  return formatDate(invite.created_at, 'Default', timeZone);
}

/** Its link stopped working (14 days): the admin cancels it or invites the address again. */
function ExpiredMark({ invite }: { invite: Invite }) {
  if (Date.parse(invite.expires_at) > Date.now()) return null;
  return (
    <Badge color="gray" variant="light" size="sm" ml={6}>
      Expired
    </Badge>
  );
}

function CancelButton({ invite, onCancel }: { invite: Invite; onCancel: (invite: Invite) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="danger"
      onClick={() => onCancel(invite)}
      aria-label={`Cancel the invite to ${invite.email}`}
      style={{ flexShrink: 0 }}
    >
      Cancel
    </Button>
  );
}

interface InviteListProps {
  invites: readonly Invite[];
  timeZone: string | null;
  onCancel: (invite: Invite) => void;
}

/** Phones: one card per invite. */
function InviteCards({ invites, timeZone, onCancel }: InviteListProps) {
  return (
    <PlainList gap="xs" aria-label="Pending invites">
      {invites.map((invite) => (
        <Paper key={invite.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} truncate title={invite.email}>
                {invite.email}
              </Text>
              <Text fz="xs" c="dimmed">
                Invited {invitedOn(invite, timeZone)}
                <ExpiredMark invite={invite} />
              </Text>
            </div>
            <CancelButton invite={invite} onCancel={onCancel} />
          </Group>
        </Paper>
      ))}
    </PlainList>
  );
}

/** Wider screens: email, when invited (and whether it expired), Cancel. */
function InvitesTable({ invites, timeZone, onCancel }: InviteListProps) {
  return (
    <Table verticalSpacing="xs" aria-label="Pending invites" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Email</Table.Th>
          <Table.Th w={170}>Invited</Table.Th>
          <Table.Th w={90}>
            <VisuallyHidden>Cancel</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invites.map((invite) => (
          <Table.Tr key={invite.id}>
            <Table.Td>
              <Text fz="sm" truncate title={invite.email}>
                {invite.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" c="dimmed" span>
                {invitedOn(invite, timeZone)}
              </Text>
              <ExpiredMark invite={invite} />
            </Table.Td>
            <Table.Td ta="right">
              <CancelButton invite={invite} onCancel={onCancel} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PendingInvites({ timeZone }: { timeZone: string | null }) {
  const invites = useInvites();
  const cancel = useCancelInvite();
  const [cancelling, setCancelling] = useState<Invite | null>(null);
  const mobile = useIsMobile();

  let content: ReactNode;
  if (invites.isPending) {
    content = <Skeleton height={72} />;
  } else if (invites.isError) {
    content = (
      <Group gap="sm">
        <Text c="dimmed" fz="sm">
          The pending invites could not be loaded.
        </Text>
        <Button size="xs" variant="default" onClick={() => void invites.refetch()}>
          Try again
        </Button>
      </Group>
    );
  } else if (invites.data.length === 0) {
    content = (
      <Text c="dimmed" fz="sm">
        No pending invites.
      </Text>
    );
  } else if (mobile) {
    content = <InviteCards invites={invites.data} timeZone={timeZone} onCancel={setCancelling} />;
  } else {
    content = <InvitesTable invites={invites.data} timeZone={timeZone} onCancel={setCancelling} />;
  }

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Pending invites
      </Title>
      {content}
      <AlertDialog
        opened={cancelling !== null}
        title={CANCEL_INVITE_DIALOG.title}
        text={CANCEL_INVITE_DIALOG.message}
        confirmLabel={CANCEL_INVITE_DIALOG.confirm}
        cancelLabel="Keep invite"
        confirmColor="danger"
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling);
          setCancelling(null);
        }}
        onCancel={() => setCancelling(null)}
      />
    </Stack>
  );
}

export function InvitesSection({ timeZone }: { timeZone: string | null }) {
  return (
    <SectionCard
      order={2}
      title="Invite members"
      description="We email each person a link that adds them to your team."
    >
      <Stack gap="lg">
        <InviteForm />
        <PendingInvites timeZone={timeZone} />
      </Stack>
    </SectionCard>
  );
}
