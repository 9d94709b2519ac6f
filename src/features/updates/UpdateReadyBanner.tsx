// Above every screen once an update has downloaded: "Version X is ready — Restart now / Later". The app never
// restarts by itself; Later puts the banner away for that version (Settings → Updates still offers it), and
// while updates are on, the update is installed when the person quits anyway.
import { ErrorNotice } from '../../components/ErrorNotice';
import { RestartNowButton } from './RestartNowButton';
import { useUpdates } from './use-updates';
import { useUpdatesStore } from './updates-store';

export function UpdateReadyBanner(): React.JSX.Element | null {
  useUpdates();
  const status = useUpdatesStore((state) => state.status);
  const later = useUpdatesStore((state) => state.later);
  const actionError = useUpdatesStore((state) => state.actionError);
  if (status?.phase !== 'ready' || !status.version || later === status.version) return null;
  const version = status.version;
  return (
    <section className="update-banner notice notice-info" aria-labelledby="update-banner-title">
      <span className="notice-icon" aria-hidden="true">
        ↑
      </span>
      <div className="notice-body">
        <p className="notice-title" id="update-banner-title">
          Version {version} is ready
        </p>
        <p className="notice-text">
          {status.enabled
            ? 'Restart the app to use it. If you restart later, it is installed when you quit.'
            : 'Restart the app to install it.'}
        </p>
        {actionError ? <ErrorNotice title="The app could not restart">{actionError}</ErrorNotice> : null}
      </div>
      <div className="update-banner-actions">
        <RestartNowButton small />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            useUpdatesStore.getState().putOff(version);
            // The banner and its buttons go: focus goes on to the screen, not to the page's body.
            document.getElementById('workspace')?.focus();
          }}
        >
          Later
        </button>
      </div>
    </section>
  );
}
