// For the e2e suite only: when the harness marks the page as a test (`__JRS_TEST__`), the stores' current
// state is readable as `window.__jrsDebugState()`, so a test can prove that no API key is held anywhere.
import { useAccountsStore } from '../features/accounts/accounts-store';
import { useCreditsStore } from '../features/accounts/credits-store';
import { useJobFormStore } from '../features/job-form/job-form-store';
import { useJobsStore } from '../features/jobs/jobs-store';
import { useProjectsStore } from '../features/projects/projects-store';
import { useQueueStore } from '../features/queue/queue-store';

interface TestWindow {
  __JRS_TEST__?: boolean;
  __jrsDebugState?: () => Record<string, unknown>;
}

export function exposeDebugStateForTests(): void {
  const page = window as unknown as TestWindow;
  if (page.__JRS_TEST__ !== true) return;
  page.__jrsDebugState = () => ({
    accounts: useAccountsStore.getState(),
    credits: useCreditsStore.getState(),
    projects: useProjectsStore.getState(),
    jobForm: useJobFormStore.getState(),
    jobs: useJobsStore.getState(),
    queue: useQueueStore.getState(),
  });
}
