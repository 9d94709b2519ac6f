// Wires main's events to the stores (job and download changes gathered and applied once a frame, a
// notification asking to open a job), reads the first accounts snapshot, reloads what belongs to an
// account (projects, credits, jobs, upload capability, the queue's filters and selection) whenever the
// active account changes, and what an outage left stale when the account answers again.
import { useEffect, useRef } from 'react';
import type { AccountState } from '../../electron/shared/domain/account';
import { api } from '../lib/api';
import { showPageNotification } from '../lib/page-notifications';
import { selectActiveAccount, useAccountsStore } from '../features/accounts/accounts-store';
import { useCreditsStore } from '../features/accounts/credits-store';
import { useJobFormStore } from '../features/job-form/job-form-store';
import { useBatchesStore } from '../features/batches/batches-store';
import { useDownloadsStore } from '../features/downloads/downloads-store';
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
        bridge.on('jobs:changed', (event) => useJobsStore.getState().receiveChanges(event)),
        bridge.on('downloads:changed', (event) => useDownloadsStore.getState().receive(event)),
        bridge.on('batches:changed', (event) => useBatchesStore.getState().apply(event)),
        bridge.on('jobs:open', ({ id }) => showJobInQueue(id)),
        bridge.on('app:notify', (notification) => showPageNotification(notification, showJobInQueue)),
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
      useDownloadsStore.getState().clear();
      return;
    }
    // Another account's list must not stay on screen as if it were this one's (a failed load keeps the list).
    useProjectsStore.getState().clear();
    void useProjectsStore.getState().load();
    void useJobFormStore.getState().loadCapability();
    void useJobsStore.getState().load(activeId);
    void useDownloadsStore.getState().load(activeId);
  }, [activeId]);

  useRecoveryReload(activeId);
}

/**
 * When main reports that the active account answers again after an outage (any call, a poll included,
 * got through), or that its missing key was given again (the same account, so no switch reloads it), reads
 * again what was left stale or missing: the projects and the balance.
 */
function useRecoveryReload(activeId: string | null): void {
  const state = useAccountsStore((accounts) => selectActiveAccount(accounts)?.state ?? null);
  const previous = useRef<{ id: string | null; state: AccountState | null }>({ id: null, state: null });
  useEffect(() => {
    const before = previous.current;
    previous.current = { id: activeId, state };
    if (before.id !== activeId || !recovered(before.state, state)) return;
    const projects = useProjectsStore.getState();
    if (projects.error !== null && projects.status !== 'loading') void projects.load();
    const credits = useCreditsStore.getState();
    if (credits.error !== null && !credits.loading) void credits.refresh(activeId);
  }, [activeId, state]);
}

/** The active account can be read again: back from an outage, or its key given again. */
function recovered(before: AccountState | null, now: AccountState | null): boolean {
  if (before === 'unreachable') return now === 'valid';
  return before === 'key-missing' && now !== null && now !== 'key-missing';
}
