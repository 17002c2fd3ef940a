import { Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { emailInList, INVALID_EMAIL_DIALOG, isValidEmail, normalizeEmail } from '@meetwell/domain';
import { useSearchParams } from 'react-router';
import { AlertDialog } from '../../../components/AlertDialog';
import { ADD_VIP_DIALOG } from '../../../copy/texts';
import { useSignedInUser } from '../../../session/useSignedInUser';
import { useSaveVips } from '../api';

/** ?addVIP=<email> (from an email or another screen) asks to add that organizer to the user's VIPs. */
export function AddVipConfirmation() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const save = useSaveVips('user');
  const raw = params.get('addVIP');
  if (raw === null) return null;

  const email = normalizeEmail(raw);
  const own = user.organizer_denylist ?? [];
  const already = emailInList(email, own) || emailInList(email, user.company?.organizer_denylist ?? []);
  const done = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('addVIP');
        return next;
      },
      { replace: true },
    );

  if (!isValidEmail(email)) {
    return (
      <Modal opened onClose={done} title={INVALID_EMAIL_DIALOG.title} centered size="sm">
        <Text c="dimmed">{INVALID_EMAIL_DIALOG.message}</Text>
      </Modal>
    );
  }

  return (
    <AlertDialog
      opened
      title={ADD_VIP_DIALOG.title}
      text={
        already ? (
          <>
            <b>{email}</b> is already one of your VIPs.
          </>
        ) : (
          <>
            Meetings organized by <b>{email}</b> will never be reminded or declined.
          </>
        )
      }
      confirmLabel={ADD_VIP_DIALOG.confirm}
      confirmDisabled={already}
      onCancel={done}
      onConfirm={() =>
        save.mutate([...own, email], {
          onSuccess: () => notifications.show({ color: 'success', message: `${email} is now a VIP.` }),
          onSettled: done,
        })
      }
    />
  );
}
