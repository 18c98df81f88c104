import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where `notifications.show` toasts appear. Only signed-in screens raise them (logout,
 * switching account), so this and its styles load with the signed-in shell, not on /login.
 */
export default function Toasts() {
  return <Notifications position="top-right" />;
}
