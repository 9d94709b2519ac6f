// Settings → Notifications, where the page shows them (the app in a browser): the browser asks once, on
// the person's click, and says here whether they are on or blocked.
import { useState } from 'react';
import { askPagePermission, pagePermission, type PagePermission } from '../../lib/page-notifications';

const WORDS: Record<PagePermission, string> = {
  granted: 'On: finished jobs and batches are announced by this browser.',
  default: 'Off: this browser asks before showing them.',
  denied: 'Blocked in this browser’s site settings for this address; allow them there to turn them on.',
  unsupported: 'This browser cannot show notifications.',
};

export function PageNotificationsSetting(): React.JSX.Element {
  const [permission, setPermission] = useState<PagePermission>(pagePermission);
  return (
    <div className="settings-notifications">
      <p className="settings-note" role="status">
        {WORDS[permission]}
      </p>
      {permission === 'default' && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void askPagePermission().then(setPermission)}
        >
          Show notifications in this browser
        </button>
      )}
    </div>
  );
}
