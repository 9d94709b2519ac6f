// Core's Notifier in Electron: OS notifications (a click brings the window forward and opens the job)
// and the count of running jobs on the dock/taskbar badge.
import { app, Notification, type BrowserWindow } from 'electron';
import type { Notifier } from '../core/kernel/ports';

export function electronNotifier(getWindow: () => BrowserWindow | null): Notifier {
  return {
    notify({ title, body, jobId }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body, silent: false });
      notification.on('click', () => {
        const window = getWindow();
        if (!window || window.isDestroyed()) return;
        if (window.isMinimized()) window.restore();
        window.show();
        window.focus();
        if (jobId) window.webContents.send('jobs:open', { id: jobId });
      });
      notification.show();
    },
    setBadgeCount(count) {
      // Shown on macOS and Unity launchers; elsewhere Electron ignores it.
      app.setBadgeCount(count);
    },
  };
}
