// The filters' options (projects, types, batches, people) kept up to date from the jobs each change touched
// (history-changes.ts), instead of reading the whole history once a frame while jobs change: how many jobs
// hold each value, so a value leaves the options with its last job. The options, named and sorted, are made
// again only when a value comes or goes (or the batches' names change); otherwise the same object is given.
import type { JobView } from '../../../electron/shared/domain/job';
import { historyChanges } from '../jobs/history-changes';
import type { JobsById } from '../jobs/jobs-store';
import { presentOptions, type FilterOptions } from './queue-filter';

/** How many jobs hold each value. */
class Counts<V = undefined> {
  readonly counts = new Map<string, { jobs: number; value: V }>();

  /** Whether the keys changed. */
  add(key: string, value: V, sign: 1 | -1): boolean {
    const entry = this.counts.get(key);
    if (sign === 1) {
      if (entry) entry.jobs += 1;
      else this.counts.set(key, { jobs: 1, value });
      return entry === undefined;
    }
    if (!entry) return false;
    entry.jobs -= 1;
    if (entry.jobs > 0) return false;
    this.counts.delete(key);
    return true;
  }
}

export class FilterOptionsTally {
  private byId: JobsById | null = null;
  private projects = new Counts<string>();
  private types = new Counts();
  private batches = new Counts();
  private people = new Counts();
  private unnamed = 0;
  /** The options last made, and from what: made again when a value came or went, or the names changed. */
  private made: { options: FilterOptions; batchNames: ReadonlyMap<string, string> } | null = null;

  options(byId: JobsById, batchNames: ReadonlyMap<string, string>): FilterOptions {
    if (byId !== this.byId) this.update(byId);
    if (!this.made || this.made.batchNames !== batchNames) {
      const projects = new Map([...this.projects.counts].map(([id, entry]) => [id, entry.value]));
      this.made = {
        batchNames,
        options: presentOptions(
          {
            projects,
            types: this.types.counts.keys(),
            batches: this.batches.counts.keys(),
            people: this.people.counts.keys(),
            unnamed: this.unnamed > 0,
          },
          batchNames,
        ),
      };
    }
    return this.made.options;
  }

  private update(byId: JobsById): void {
    const before = this.byId;
    const ids = before === null ? null : historyChanges.between(before, byId);
    this.byId = byId;
    let moved = false;
    if (ids === null || before === null) {
      this.projects = new Counts();
      this.types = new Counts();
      this.batches = new Counts();
      this.people = new Counts();
      this.unnamed = 0;
      for (const id in byId) {
        const job = byId[id];
        if (job) this.count(job, 1);
      }
      moved = true;
    } else {
      for (const id of ids) {
        const was = before[id];
        const now = byId[id];
        if (was === now) continue;
        if (was && this.count(was, -1)) moved = true;
        if (now && this.count(now, 1)) moved = true;
      }
    }
    if (moved) this.made = null;
  }

  /** Counts a job in or out; whether an option came or went. */
  private count(job: JobView, sign: 1 | -1): boolean {
    let moved = this.projects.add(job.projectId, job.projectName, sign);
    moved = this.types.add(job.jobType, undefined, sign) || moved;
    if (job.batchId !== null) moved = this.batches.add(job.batchId, undefined, sign) || moved;
    if (job.submittedBy === null) {
      const had = this.unnamed > 0;
      this.unnamed += sign;
      moved = had !== this.unnamed > 0 || moved;
    } else moved = this.people.add(job.submittedBy, undefined, sign) || moved;
    return moved;
  }
}
