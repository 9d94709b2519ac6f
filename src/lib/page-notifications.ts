// Notifications where the page shows them itself (the app in a browser): the browser's own, once the
// person allowed them in Settings; a click brings the tab forward and opens the job, as the desktop app's do.
import type { PayloadOf } from '../../electron/shared/ipc/contract';

export type PagePermission = 'granted' | 'denied' | 'default' | 'unsupported';

export function pagePermission(): PagePermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askPagePermission(): Promise<PagePermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

export function showPageNotification(
  { title, body, jobId }: PayloadOf<'app:notify'>,
  openJob: (id: string) => void,
): void {
  if (pagePermission() !== 'granted') return;
  const notification = new Notification(title, { body, tag: jobId ?? title });
  notification.onclick = () => {
    window.focus();
    if (jobId) openJob(jobId);
    notification.close();
  };
}
