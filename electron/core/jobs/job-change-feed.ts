// Turns the history's many small changes into few `jobs:changed` events: changes are gathered and sent
// at most every `flushMs`, many jobs per event, and only for the account on screen (another account's
// jobs are read afresh when the person switches to it).
import type { JobsChanged, JobView } from '../../shared/domain/job';
import type { TimerHandle, Timers } from '../kernel/ports';

export interface JobChangeFeedDeps {
  timers: Timers;
  flushMs?: number;
  activeAccountId(): string | null;
  /** The job as it is now, or null when it is gone from the history. */
  view(id: string): JobView | null;
  emit(payload: JobsChanged): void;
  /** After each flush (e.g. to update the running count on the badge). */
  afterFlush?(): void;
}

export class JobChangeFeed {
  private readonly pending = new Map<string, string>(); // job id → account id
  private timer: TimerHandle | null = null;

  constructor(private readonly deps: JobChangeFeedDeps) {}

  changed(accountId: string, id: string): void {
    this.pending.set(id, accountId);
    this.timer ??= this.deps.timers.setTimeout(() => this.flush(), this.deps.flushMs ?? 200);
    this.timer.unref?.();
  }

  /** Sends what is pending now (also used before answering a request that must see it). */
  flush(): void {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const active = this.deps.activeAccountId();
    const jobs: JobView[] = [];
    const removed: string[] = [];
    for (const [id, accountId] of this.pending) {
      if (accountId !== active) continue;
      const view = this.deps.view(id);
      if (view) jobs.push(view);
      else removed.push(id);
    }
    this.pending.clear();
    if (active && (jobs.length > 0 || removed.length > 0))
      this.deps.emit({ accountId: active, jobs, removed });
    this.deps.afterFlush?.();
  }

  dispose(): void {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
