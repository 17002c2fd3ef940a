import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The app's toasts (same place and limit as app/AppProviders.tsx), loaded on the first one. */
export default function Toaster() {
  return <Notifications position="top-right" limit={4} zIndex={1000} />;
}
