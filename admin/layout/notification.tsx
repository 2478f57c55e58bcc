/** Console toasts stay 3000 ms, like the pay pages' (react-admin's own default is 4000). */
import { Notification } from 'react-admin';

export const TOAST_MS = 3000;

export function ConsoleNotification() {
  return <Notification autoHideDuration={TOAST_MS} />;
}
