// The application shell: a first-run welcome without accounts, the workspace with them, and a clear
// screen when the app cannot talk to its core at all, or says how to sign in where a browser tab has no
// session. Job changes are announced once, here, for every screen.
import { ErrorNotice } from '../components/ErrorNotice';
import { LiveRegion } from '../components/LiveRegion';
import { Spinner } from '../components/Spinner';
import { useAccountsStore } from '../features/accounts/accounts-store';
import { useJobsStore } from '../features/jobs/jobs-store';
import { Welcome } from '../features/accounts/Welcome';
import { AppHeader } from './AppHeader';
import { HistoryNotice } from './HistoryNotice';
import { useAppEvents } from './use-app-events';
import { Workspace } from './Workspace';

export function App(): React.JSX.Element {
  useAppEvents();
  const snapshot = useAccountsStore((state) => state.snapshot);
  const loadError = useAccountsStore((state) => state.loadError);
  const signedOut = useAccountsStore((state) => state.loadErrorKind === 'signed-out');
  const announcement = useJobsStore((state) => state.announcement);

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
      <Workspace />
      <LiveRegion message={announcement} />
    </div>
  );
}
