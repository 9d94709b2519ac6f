// The active account's jobs as the core changes them: read once, then kept up to date from its
// jobs:changed events (subscribed first, so no change falls between), for commands that wait on jobs.
import type { JobView } from '../shared/domain/job';
import type { PayloadOf } from '../shared/ipc/contract';
import type { CoreSession } from './core-session';
import { nextChange } from './guest-look';
import { Wakeup } from './wakeup';

export class JobWatch {
  private readonly byId = new Map<string, JobView>();
  private readonly wakeup = new Wakeup();
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly session: CoreSession,
    private readonly accountId: string,
  ) {
    this.unsubscribe = session.onEvent((event, payload) => {
      if (event !== 'jobs:changed') return;
      const changed = payload as PayloadOf<'jobs:changed'>;
      if (changed.accountId !== this.accountId) return;
      for (const job of changed.jobs) this.byId.set(job.id, job);
      for (const id of changed.removed) this.byId.delete(id);
      this.wakeup.poke();
    });
  }

  static async start(session: CoreSession): Promise<JobWatch> {
    const { activeId } = await session.call('accounts:snapshot');
    const watch = new JobWatch(session, activeId ?? '');
    await watch.refresh();
    return watch;
  }

  /** Reads every job afresh. */
  async refresh(): Promise<void> {
    for (const job of await this.session.call('jobs:list')) this.byId.set(job.id, job);
  }

  get(id: string): JobView | undefined {
    return this.byId.get(id);
  }

  all(): JobView[] {
    return [...this.byId.values()];
  }

  inBatch(batchId: string): JobView[] {
    return this.all()
      .filter((job) => job.batchId === batchId)
      .sort((a, b) => (a.batchRow ?? 0) - (b.batchRow ?? 0));
  }

  /** Resolves after the next change (or at once if one came since the last call); Ctrl-C rejects. */
  changed(signal?: AbortSignal): Promise<void> {
    return nextChange(this.session, this.wakeup, () => this.refresh(), signal);
  }

  stop(): void {
    this.unsubscribe();
  }
}
