// The jobs submitted in this session and their live status: polls unfinished jobs, reports changes,
// and refreshes the balance when one finishes. (A durable SQLite history arrives with the queue issue.)
import { isFinalStatus } from '../../shared/api/job-types';
import type { Job } from '../../shared/api/schemas';
import type { JobSummary, SubmitJob } from '../../shared/domain/job';
import { isApiError } from '../api';
import type { Connection } from '../accounts/connections';
import { submitBody } from './submit-body';

export interface JobTrackerDeps {
  connection(accountId: string): Promise<Connection>;
  onJob(job: JobSummary): void;
  onCredits(accountId: string, credits: number): void;
  sessionId: string;
  pollIntervalMs: number;
}

function creditOf(job: Job): number | null {
  const value = job.output?.credit_used ?? Number(job.credit_used);
  return Number.isFinite(value) ? value : null;
}

function failureOf(job: Job): string | null {
  if (job.job_status !== 'FAILED') return null;
  const reason = job.output?.['error'];
  return typeof reason === 'string' ? reason : 'The service reported that the job failed.';
}

export class JobTracker {
  private readonly jobs = new Map<string, JobSummary>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(private readonly deps: JobTrackerDeps) {}

  list(accountId: string): JobSummary[] {
    return [...this.jobs.values()]
      .filter((job) => job.accountId === accountId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async submit(accountId: string, request: SubmitJob): Promise<JobSummary> {
    const { client } = await this.deps.connection(accountId);
    const job = await client.createJob(submitBody(request, this.deps.sessionId));
    const summary: JobSummary = {
      id: job.uuid,
      accountId,
      projectId: request.projectId,
      projectName: request.projectName,
      jobType: job.job_type,
      status: job.job_status,
      createdAt: job.created_at ?? new Date().toISOString(),
      updatedAt: job.updated_at ?? new Date().toISOString(),
      creditUsed: null,
      outputKey: null,
      error: null,
    };
    this.jobs.set(summary.id, summary);
    this.deps.onJob(summary);
    this.schedule();
    return summary;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.poll(), this.deps.pollIntervalMs);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    this.timer = null;
    if (this.polling) return;
    this.polling = true;
    const finishedAccounts = new Set<string>();
    try {
      const open = [...this.jobs.values()].filter((job) => !isFinalStatus(job.status));
      await Promise.all(
        open.map(async (job) => {
          if (await this.refresh(job)) finishedAccounts.add(job.accountId);
        }),
      );
      await Promise.all([...finishedAccounts].map((accountId) => this.refreshCredits(accountId)));
    } finally {
      this.polling = false;
    }
    if ([...this.jobs.values()].some((job) => !isFinalStatus(job.status))) this.schedule();
  }

  /** Reads one job; true when it just reached a final state. */
  private async refresh(summary: JobSummary): Promise<boolean> {
    try {
      const { client } = await this.deps.connection(summary.accountId);
      const job = await client.getJob(summary.id);
      const next: JobSummary = {
        ...summary,
        status: job.job_status,
        updatedAt: job.updated_at ?? new Date().toISOString(),
        creditUsed: isFinalStatus(job.job_status) ? creditOf(job) : null,
        outputKey: job.output?.output ?? null,
        error: failureOf(job),
      };
      if (JSON.stringify(next) !== JSON.stringify(summary)) {
        this.jobs.set(next.id, next);
        this.deps.onJob(next);
      }
      return !isFinalStatus(summary.status) && isFinalStatus(next.status);
    } catch (error) {
      const gone = isApiError(error) && error.kind === 'not-found';
      const next: JobSummary = {
        ...summary,
        // A job the service no longer knows cannot be polled further; other errors are retried next round.
        status: gone ? 'FAILED' : summary.status,
        error: gone
          ? 'The service no longer knows this job.'
          : `Status not updated: ${(error as Error).message}`,
      };
      this.jobs.set(next.id, next);
      this.deps.onJob(next);
      return false;
    }
  }

  private async refreshCredits(accountId: string): Promise<void> {
    try {
      const { client } = await this.deps.connection(accountId);
      this.deps.onCredits(accountId, await client.getCredits());
    } catch {
      // The balance is refreshed again after the next job finishes; the account's health noted the error.
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
