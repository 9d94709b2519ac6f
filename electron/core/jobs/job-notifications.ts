// OS notifications when jobs finish: one per job when few finish together, one summary when many do,
// and one per batch (when its last job finishes) for batches. Clicking one opens the job (main).
import type { Notifier, TimerHandle, Timers } from '../kernel/ports';
import type { Job } from './job';

const WINDOW_MS = 1000;
/** Above this many finishes in one window, a single summary replaces the individual notifications. */
const INDIVIDUAL_LIMIT = 3;

function describe(row: Job): string {
  const name = row.projectName || 'Untitled project';
  return row.summary ? `${name}: ${row.summary}` : name;
}

export class JobNotifications {
  private finished: Job[] = [];
  private timer: TimerHandle | null = null;

  constructor(
    private readonly deps: {
      notifier: Notifier;
      timers: Timers;
      /** Jobs of the batch that are not final yet (0: the batch is done). */
      openInBatch(batchId: string): Promise<number>;
      batchCounts(batchId: string): Promise<{ succeeded: number; failed: number; name: string }>;
      log?(line: string): void;
    },
  ) {}

  /** A job just reached SUCCESS or FAILED. */
  finishedJob(row: Job): void {
    this.finished.push(row);
    this.timer ??= this.deps.timers.setTimeout(() => {
      this.flush().catch((error: unknown) =>
        this.deps.log?.(`a batch's notification could not be read: ${(error as Error).message}`),
      );
    }, WINDOW_MS);
    this.timer.unref?.();
  }

  async flush(): Promise<void> {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    const rows = this.finished;
    this.finished = [];
    const single = rows.filter((row) => !row.batchId);
    const batches = new Set(rows.map((row) => row.batchId).filter((id): id is string => !!id));
    const { notifier } = this.deps;
    if (single.length > INDIVIDUAL_LIMIT) {
      const failed = single.filter((row) => row.status === 'FAILED').length;
      notifier.notify({
        title: `${single.length} jobs finished`,
        body: failed ? `${single.length - failed} succeeded, ${failed} failed.` : 'All succeeded.',
      });
    } else {
      for (const row of single) {
        notifier.notify({
          title: row.status === 'FAILED' ? 'Job failed' : 'Job finished',
          body: row.status === 'FAILED' && row.error ? `${describe(row)} — ${row.error}` : describe(row),
          jobId: row.id,
        });
      }
    }
    for (const batchId of batches) {
      if ((await this.deps.openInBatch(batchId)) > 0) continue;
      const { succeeded, failed, name } = await this.deps.batchCounts(batchId);
      notifier.notify({
        title: `Batch finished: ${name}`,
        body: failed ? `${succeeded} succeeded, ${failed} failed.` : `All ${succeeded} jobs succeeded.`,
      });
    }
  }

  dispose(): void {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.finished = [];
  }
}
