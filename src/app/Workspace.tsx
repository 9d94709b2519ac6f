// The main screen: projects on the left, the chosen project's form in the middle, the jobs on the right.
import { EmptyState } from '../components/EmptyState';
import { useAccountsStore } from '../features/accounts/accounts-store';
import { JobFormPanel } from '../features/job-form/JobFormPanel';
import { JobsPanel } from '../features/jobs/JobsPanel';
import { ProjectsPanel } from '../features/projects/ProjectsPanel';

export function Workspace(): React.JSX.Element {
  const activeId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  return (
    <main id="workspace" className="workspace" tabIndex={-1}>
      <h1 className="sr-only">Job Rendering Studio</h1>
      {activeId ? (
        <>
          <ProjectsPanel />
          <JobFormPanel />
          <JobsPanel />
        </>
      ) : (
        <div className="workspace-empty">
          <EmptyState title="No account is active">
            Choose an account from the menu at the top right.
          </EmptyState>
        </div>
      )}
    </main>
  );
}
