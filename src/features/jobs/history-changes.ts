// Which jobs differ between two versions of the history: the jobs store notes each change it makes (the
// ids it replaced or removed), so that whatever is worked out from the whole history (counts, the filters'
// options, the list worker's copy) updates from those few jobs instead of reading every job again each
// frame. A short log, bounded: a version too old to reach, or a history loaded whole, answers null (read
// everything again).
import type { JobsById } from './jobs-store';

/** Changes kept: a reader further behind than this reads the whole history again. */
const KEPT = 64;

export class HistoryChanges {
  private readonly versions = new WeakMap<JobsById, number>();
  private readonly log: { version: number; ids: readonly string[] }[] = [];
  private latest = 0;

  /** `next` is `previous` with the jobs of `ids` replaced, added or removed. */
  note(previous: JobsById, next: JobsById, ids: readonly string[]): void {
    if (this.versions.get(previous) !== this.latest) {
      // A history not reached through noted changes (a load, a reset): a new chain starts from it.
      this.log.length = 0;
      this.latest += 1;
      this.versions.set(previous, this.latest);
    }
    this.latest += 1;
    this.versions.set(next, this.latest);
    this.log.push({ version: this.latest, ids });
    if (this.log.length > KEPT) this.log.shift();
  }

  /**
   * The ids whose jobs may differ between `before` and `after` (each once), or null when they cannot be
   * told (read the whole history).
   */
  between(before: JobsById, after: JobsById): readonly string[] | null {
    if (before === after) return [];
    const from = this.versions.get(before);
    const to = this.versions.get(after);
    if (from === undefined || to === undefined || from >= to) return null;
    const first = this.log[0];
    if (!first || first.version > from + 1 || to > this.latest) return null;
    const steps = this.log.filter((step) => step.version > from && step.version <= to);
    if (steps.length !== to - from) return null;
    if (steps.length === 1) return steps[0]?.ids ?? [];
    return [...new Set(steps.flatMap((step) => step.ids))];
  }
}

/** The jobs store's log (jobs-store.ts notes, the readers of the whole history read). */
export const historyChanges = new HistoryChanges();
