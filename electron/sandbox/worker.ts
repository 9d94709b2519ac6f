// The simulated rendering farm: moves runs QUEUED → STARTED → IN_PROGRESS → SUCCESS/FAILED over their
// duration and finishes them through JobStore.update, the same path as PUT /jobs/:id.
import { isJobType } from '../shared/api/job-types';
import type { AccountStore } from './account-store';
import type { FileStore } from './file-store';
import type { JobRun, JobStore } from './job-store';
import { AssetFetchError, fetchLoopbackAssets } from './assets/fetch-assets';
import { renderOutput } from './outputs';
import { paddedParts } from './outputs/padded-output';
import { outputKey } from './storage-keys';

/** Share of a run's duration at which each intermediate state begins. */
export const STAGES: readonly { status: string; at: number }[] = [
  { status: 'QUEUED', at: 0 },
  { status: 'STARTED', at: 0.15 },
  { status: 'IN_PROGRESS', at: 0.35 },
];
const MAX_SLEEP_MS = 1000;
const BATCH = 200;

export interface WorkerDeps {
  jobs: JobStore;
  accounts: AccountStore;
  files: FileStore;
  clock?: () => number;
  log?: (line: string) => void;
}

export class Worker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private ticking = false;
  private readonly finishing = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly clock: () => number;

  constructor(private readonly deps: WorkerDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  start(): void {
    this.deps.jobs.recoverClaimedRuns(this.clock());
    this.poke();
  }

  /** Wakes the worker now (a job was created or requeued). */
  poke(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.finishing]);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.max(0, Math.min(delayMs, MAX_SLEEP_MS)));
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      const now = this.clock();
      for (const run of this.deps.jobs.dueRuns(now, BATCH)) this.step(run, now);
    } catch (error) {
      this.deps.log?.(`worker: ${(error as Error).message}`);
    } finally {
      this.ticking = false;
    }
    const next = this.deps.jobs.nextDueAt();
    if (next !== null) this.schedule(next - this.clock());
  }

  private step(run: JobRun, now: number): void {
    const elapsed = (now - run.startedAt) / Math.max(run.durationMs, 1);
    if (run.durationMs === 0 || elapsed >= 1) {
      if (this.deps.jobs.claimForFinish(run.uuid, run.runId)) this.track(this.finish(run));
      return;
    }
    let current = 0;
    for (let index = 0; index < STAGES.length; index += 1) {
      if ((STAGES[index]?.at ?? 1) <= elapsed) current = index;
    }
    const stage = STAGES[current];
    const nextFraction = STAGES[current + 1]?.at ?? 1;
    if (!stage) return;
    this.deps.jobs.advance(
      run.uuid,
      run.runId,
      stage.status,
      run.startedAt + Math.ceil(nextFraction * run.durationMs),
    );
  }

  private track(work: Promise<void>): void {
    this.finishing.add(work);
    void work.finally(() => this.finishing.delete(work));
  }

  private async finish(run: JobRun): Promise<void> {
    const { jobs, files, accounts } = this.deps;
    try {
      if (run.outcome === 'FAILED') {
        if (!jobs.isCurrentRun(run.uuid, run.runId)) return;
        jobs.update(run.accountId, run.uuid, {
          job_status: 'FAILED',
          output: { error: 'The sandbox simulated a rendering failure for this project.' },
        });
        return;
      }
      if (!isJobType(run.jobType)) throw new Error(`unknown job type ${run.jobType}`);
      const source =
        accounts.project(run.accountId, run.templateId) ??
        accounts.imagePrompt(run.accountId, run.templateId);
      const projectName = source?.name ?? '';
      // Inputs on this computer are fetched as the service fetches its inputs: a link that fails, fails the job.
      let photo: Buffer | null;
      try {
        photo = (await fetchLoopbackAssets(run.values, { signal: this.stopping.signal })).photo;
      } catch (error) {
        if (!(error instanceof AssetFetchError)) throw error;
        if (!this.stopped && jobs.isCurrentRun(run.uuid, run.runId)) {
          jobs.update(run.accountId, run.uuid, { job_status: 'FAILED', output: { error: error.message } });
        }
        return;
      }
      const rendered = await renderOutput({
        jobId: run.uuid,
        jobType: run.jobType,
        projectName,
        values: run.values,
        photo,
      });
      // A PUT or a requeue while the file rendered makes this run stale: its result is dropped.
      if (this.stopped || !jobs.isCurrentRun(run.uuid, run.runId)) return;
      const key = outputKey(run.jobType, run.templateId, run.uuid, rendered.extension);
      await files.write(
        { key, accountId: run.accountId, contentType: rendered.contentType },
        paddedParts(rendered, source?.simulation.outputBytes, run.uuid),
      );
      if (this.stopped || !jobs.isCurrentRun(run.uuid, run.runId)) return;
      jobs.update(run.accountId, run.uuid, {
        job_status: 'SUCCESS',
        output: { output: key, credit_used: run.cost },
      });
    } catch (error) {
      this.deps.log?.(`worker: job ${run.uuid} could not be finished: ${(error as Error).message}`);
      if (jobs.isCurrentRun(run.uuid, run.runId)) {
        jobs.update(run.accountId, run.uuid, {
          job_status: 'FAILED',
          output: { error: 'The sandbox could not render the output of this job.' },
        });
      }
    }
  }
}
