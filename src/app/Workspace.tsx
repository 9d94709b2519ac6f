// The main area: the navigation rail and the screens (Create, Queue, Batches, Results, Settings). All stay mounted, those not
// shown hidden, so a half-filled form and the queue's filters survive switching.
import { EmptyState } from '../components/EmptyState';
import { useAccountsStore } from '../features/accounts/accounts-store';
import { BatchesScreen } from '../features/batches/BatchesScreen';
import { CreateScreen } from '../features/create/CreateScreen';
import { NavRail } from '../features/navigation/NavRail';
import { useNavStore } from '../features/navigation/nav-store';
import { useNavShortcuts } from '../features/navigation/use-nav-shortcuts';
import { QueueScreen } from '../features/queue/QueueScreen';
import { ResultsScreen } from '../features/results/ResultsScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';

export function Workspace(): React.JSX.Element {
  const activeId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  const screen = useNavStore((state) => state.screen);
  useNavShortcuts();

  return (
    <div className="app-body">
      {activeId ? <NavRail /> : null}
      <main id="workspace" className="workspace" tabIndex={-1}>
        <h1 className="sr-only">Job Rendering Studio</h1>
        {activeId ? (
          <>
            <section className="screen" id="create" aria-label="Create" hidden={screen !== 'create'}>
              <CreateScreen />
            </section>
            <section className="screen" id="queue" aria-label="Queue" hidden={screen !== 'queue'}>
              <QueueScreen />
            </section>
            <section className="screen" id="batches" aria-label="Batches" hidden={screen !== 'batches'}>
              <BatchesScreen />
            </section>
            <section className="screen" id="results" aria-label="Results" hidden={screen !== 'results'}>
              <ResultsScreen />
            </section>
            <section className="screen" id="settings" aria-label="Settings" hidden={screen !== 'settings'}>
              <SettingsScreen />
            </section>
          </>
        ) : (
          <div className="workspace-empty">
            <EmptyState title="No account is active">
              Choose an account from the menu at the top right.
            </EmptyState>
          </div>
        )}
      </main>
    </div>
  );
}
