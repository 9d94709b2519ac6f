// Wires main's events to the stores (batched job changes, a notification asking to open a job), reads the
// first accounts snapshot, and reloads what belongs to an account (projects, credits, jobs, upload
// capability, the queue's filters and selection) whenever the active account changes.
import { useEffect } from 'react';
import { api } from '../lib/api';
import { useAccountsStore } from '../features/accounts/accounts-store';
import { useCreditsStore } from '../features/accounts/credits-store';
import { useJobFormStore } from '../features/job-form/job-form-store';
import { useJobsStore } from '../features/jobs/jobs-store';
import { useProjectsStore } from '../features/projects/projects-store';
import { useQueueStore } from '../features/queue/queue-store';
import { showJobInQueue } from '../features/queue/show-job';
import { runCommand } from './app-commands';

export function useAppEvents(): void {
  useEffect(() => {
    const accounts = useAccountsStore.getState();
    let unsubscribe: Array<() => void> = [];
    try {
      const bridge = api();
      unsubscribe = [
        bridge.on('accounts:changed', (snapshot) => useAccountsStore.getState().apply(snapshot)),
        bridge.on('credits:changed', (event) => useCreditsStore.getState().applyEvent(event)),
        bridge.on('jobs:changed', (event) => useJobsStore.getState().applyChanges(event)),
        bridge.on('jobs:open', ({ id }) => showJobInQueue(id)),
        bridge.on('app:command', ({ command }) => runCommand(command)),
      ];
    } catch {
      // No bridge: load() below reports it as the first screen's error.
    }
    void accounts.load();
    return () => unsubscribe.forEach((off) => off());
  }, []);

  const activeId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  useEffect(() => {
    useJobFormStore.getState().clear();
    useQueueStore.getState().reset();
    void useCreditsStore.getState().refresh(activeId);
    if (!activeId) {
      useProjectsStore.getState().clear();
      useJobsStore.getState().clear();
      return;
    }
    void useProjectsStore.getState().load();
    void useJobFormStore.getState().loadCapability();
    void useJobsStore.getState().load(activeId);
  }, [activeId]);
}
