import { AlertDialog } from '../components/AlertDialog';
import { useSignOut } from '../session/useSignOut';

export function SignOutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const signOut = useSignOut();
  return (
    <AlertDialog
      opened={opened}
      title="Sign out"
      text="Are you sure you want to sign out?"
      confirmLabel="Yes, sign me out"
      confirmLoading={signOut.isPending}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        signOut.mutate();
      }}
    />
  );
}
