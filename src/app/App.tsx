// The application shell: a first-run welcome without accounts, the workspace with them, and a clear
// screen when the app cannot talk to its core at all, or says how to sign in where a browser tab has no
// session. Job changes are announced once, here, for every screen.
import { ErrorNotice } from '../components/ErrorNotice';
import { Spinner } from '../components/Spinner';
import { useAccountsStore } from '../features/accounts/accounts-store';
import { JobsAnnouncement } from '../features/jobs/JobsAnnouncement';
import { useHostConnection } from '../lib/host-connection';
import { Welcome } from '../features/accounts/Welcome';
import { AppHeader } from './AppHeader';
import { HistoryNotice } from './HistoryNotice';
import { HostLost } from './HostLost';
import { UpdateReadyBanner } from '../features/updates/UpdateReadyBanner';
import { useAppEvents } from './use-app-events';
import { Workspace } from './Workspace';

export function App(): React.JSX.Element {
  useAppEvents();
  const snapshot = useAccountsStore((state) => state.snapshot);
  const loadError = useAccountsStore((state) => state.loadError);
  const signedOut = useAccountsStore((state) => state.loadErrorKind === 'signed-out');
  const hostLost = useHostConnection((state) => state.lost);

  // In a browser whose host stopped: what to do, checked back by itself, in place of a page that looks usable.
  if (hostLost) return <HostLost />;
  if (!snapshot) {
    return (
      <main className="splash">
        <h1 className="sr-only">Job Rendering Studio</h1>
        {loadError && signedOut ? (
          // Trying again cannot help a tab without a session: the sentence says how to get a new sign-in link.
          <ErrorNotice title="This tab is not signed in">{loadError}</ErrorNotice>
        ) : loadError ? (
          <ErrorNotice
            title="The app could not start"
            onRetry={() => void useAccountsStore.getState().load()}
          >
            {loadError}
          </ErrorNotice>
        ) : (
          <div className="panel-loading">
            <Spinner size="md" />
            <p role="status">Starting…</p>
          </div>
        )}
      </main>
    );
  }
  if (snapshot.accounts.length === 0) return <Welcome />;
  return (
    <div className="app">
      <AppHeader />
      <HistoryNotice />
      <UpdateReadyBanner />
      <Workspace />
      <JobsAnnouncement />
    </div>
  );
}
