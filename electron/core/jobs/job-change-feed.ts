// Turns the history's many small changes into few `jobs:changed` events: changes are gathered and sent
// at most every `flushMs`, many jobs per event, and only for the account on screen (another account's
// jobs are read afresh when the person switches to it).
import type { JobsChanged, JobView } from '../../shared/domain/job';
import type { TimerHandle, Timers } from '../kernel/ports';

export interface JobChangeFeedDeps {
  timers: Timers;
  flushMs?: number;
  activeAccountId(): string | null;
  /** The jobs as they are now, by id, read together; one missing is gone from the history. */
  views(ids: readonly string[]): Promise<Map<string, JobView>>;
  emit(payload: JobsChanged): void;
  /** After each flush (e.g. to update the running count on the badge). */
  afterFlush?(): void | Promise<void>;
  log?(line: string): void;
}

export class JobChangeFeed {
  private readonly pending = new Map<string, string>(); // job id → account id
  private timer: TimerHandle | null = null;
  /** Flushes run one after another, so a job's older view is never sent after a newer one. */
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly deps: JobChangeFeedDeps) {}

  changed(accountId: string, id: string): void {
    this.pending.set(id, accountId);
    this.timer ??= this.deps.timers.setTimeout(() => void this.flush(), this.deps.flushMs ?? 200);
    this.timer.unref?.();
  }

  /**
   * Sends what is pending now (also awaited before answering a request that must see it). What is pending
   * is taken at once; the views are read after any flush still on its way. Never rejects: a failed read is
   * logged, and those jobs are sent with the next change.
   */
  flush(): Promise<void> {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return this.sending;
    const taken = [...this.pending];
    this.pending.clear();
    this.sending = this.sending.then(() =>
      this.send(taken).catch((error: unknown) =>
        this.deps.log?.(`changed jobs could not be read from the history: ${(error as Error).message}`),
      ),
    );
    return this.sending;
  }

  private async send(taken: readonly [string, string][]): Promise<void> {
    const active = this.deps.activeAccountId();
    const ids = taken.filter(([, accountId]) => accountId === active).map(([id]) => id);
    // One read for the whole flush (on a team's history, one round trip instead of one per job).
    const views = ids.length > 0 ? await this.deps.views(ids) : new Map<string, JobView>();
    const jobs: JobView[] = [];
    const removed: string[] = [];
    for (const id of ids) {
      const view = views.get(id);
      if (view) jobs.push(view);
      else removed.push(id);
    }
    if (active && (jobs.length > 0 || removed.length > 0))
      this.deps.emit({ accountId: active, jobs, removed });
    await this.deps.afterFlush?.();
  }

  dispose(): void {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
