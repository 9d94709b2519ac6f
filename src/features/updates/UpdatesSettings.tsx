// Settings → Updates: the status in words (up to date, looking, downloading with its share, ready, or why the
// last look failed), the person's switch for looking by itself, Check now, and Restart now once an update is
// ready. A copy without a feed, the browser host and the command line only say why there is nothing to do.
import { Switch } from 'radix-ui';
import { updateWords } from '../../../electron/shared/domain/updates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { RestartNowButton } from './RestartNowButton';
import { useUpdatesStore } from './updates-store';

function LastLook({ checkedMs }: { checkedMs: number | null }): React.JSX.Element | null {
  if (checkedMs === null) return null;
  const when = new Date(checkedMs);
  return (
    <p className="settings-note">
      Last looked at{' '}
      <time dateTime={when.toISOString()}>
        {when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
      .
    </p>
  );
}

export function UpdatesSettings(): React.JSX.Element {
  const status = useUpdatesStore((state) => state.status);
  const loadError = useUpdatesStore((state) => state.loadError);
  const busy = useUpdatesStore((state) => state.busy);
  const actionError = useUpdatesStore((state) => state.actionError);

  if (!status) {
    return loadError ? (
      <ErrorNotice
        title="The update status could not be read"
        onRetry={() => void useUpdatesStore.getState().load()}
      >
        {loadError}
      </ErrorNotice>
    ) : (
      <p className="settings-note" role="status">
        <Spinner /> Reading the update status…
      </p>
    );
  }

  const words = updateWords(status);
  if (status.source !== 'feed') {
    return (
      <div className="updates-settings">
        {status.source === 'no-feed' ? <p>This is version {status.currentVersion}.</p> : null}
        <p className="settings-note" data-testid="update-status">
          {words}
        </p>
      </div>
    );
  }

  return (
    <div className="updates-settings">
      <div className="update-switch-row">
        <label className="update-switch-label" htmlFor="updates-enabled">
          Look for updates automatically
        </label>
        <Switch.Root
          id="updates-enabled"
          className="switch"
          checked={status.enabled}
          aria-describedby="updates-enabled-hint"
          onCheckedChange={(enabled) => {
            // Not disabled while saving: a disabled control would drop the keyboard's focus.
            if (busy !== 'switch') void useUpdatesStore.getState().setEnabled(enabled);
          }}
        >
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
      </div>
      <p className="settings-note" id="updates-enabled-hint">
        When it starts and every day; a newer version downloads in the background and the app asks before it
        restarts.
      </p>
      <div className="update-status-row">
        <p className="update-status" data-testid="update-status">
          {status.phase === 'checking' ? <Spinner /> : null}
          <span>{words}</span>
        </p>
        {/* Heard once per phase, not at every percent of a download. */}
        <p className="sr-only" role="status">
          {status.phase === 'downloading' ? `Downloading version ${status.version ?? ''}.` : words}
        </p>
        {status.phase === 'downloading' ? (
          <progress
            className="update-progress"
            max={100}
            value={status.percent ?? 0}
            aria-label={`Downloading version ${status.version ?? ''}`}
          />
        ) : null}
        <LastLook checkedMs={status.checkedMs} />
      </div>
      {actionError ? <ErrorNotice title="That did not work">{actionError}</ErrorNotice> : null}
      <div className="form-actions update-actions">
        {status.phase === 'ready' ? <RestartNowButton /> : null}
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={busy === 'check' || status.phase === 'checking' ? true : undefined}
          onClick={() => {
            if (busy !== 'check' && status.phase !== 'checking') void useUpdatesStore.getState().checkNow();
          }}
        >
          Check now
        </button>
      </div>
    </div>
  );
}
