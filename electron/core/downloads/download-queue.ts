// The download queue: runs each account's queued downloads a few at a time (its setting, widened while
// downloads spend their time waiting rather than receiving: download-slots.ts), keeps every state in the
// database (a restart resumes what was running), retries network failures with backoff, stops at disk
// failures until the person resumes, and reports progress a few times a second. A download that is done
// within a quarter second is written to the history once, done; a longer one is recorded as it goes (state, link,
// ETag) so that a crash resumes it from its `.part`.
import nodePath from 'node:path';
import type { DownloadView } from '../../shared/domain/download';
import type { Clock, TimerHandle, Timers } from '../kernel/ports';
import type { Job } from '../jobs/job';
import { DownloadError, downloadFile } from './download-file';
import type { DownloadFs } from './download-fs';
import type { Download } from './download';
import type { DownloadStore } from './download-store';
import type { DownloadSettingsStore } from './download-settings';
import { extensionOf, renderTemplate } from './name-template';
import { joinInside } from './safe-path';
import { templateJobOf, type TemplateBatch } from './template-job';
import type { Holds } from '../kernel/ownership';
import { DownloadSlots } from './download-slots';

const MAX_ATTEMPTS = 5;
const SPEED_WINDOW_MS = 3000;
/**
 * How long a download runs before its row is written active (with its link and ETag): sooner, a crash
 * loses at most this much of its bytes (it starts over: a `.part` without its ETag is not trusted); later,
 * each small file would cost three more synced writes of the history than the one that names it done.
 */
const RECORD_AFTER_MS = 250;

export interface DownloadQueueDeps {
  repo: DownloadStore;
  /** Whether this process saves this computer's files; another process's downloads are that one's to run. */
  holds?: Holds;
  job(jobId: string): Promise<Job | undefined>;
  /** The job's batch as file names see it (its template wins over the account's), if it has one. */
  batch?(batchId: string): Promise<TemplateBatch | null>;
  settings: DownloadSettingsStore;
  /** A fresh signed URL for the account's storage path. */
  sign(accountId: string, storagePath: string): Promise<string>;
  /** The account's service address (its links may lead to this computer only when it is there too). */
  accountUrl(accountId: string): string;
  fs: DownloadFs;
  fetch?: typeof fetch;
  clock: Clock;
  timers: Timers;
  emit(accountId: string, downloads: DownloadView[], removed: string[]): void;
  /** How often progress is reported (default 250 ms). */
  progressMs?: number;
  log?: (line: string) => void;
}

interface Running {
  accountId: string;
  controller: AbortController;
  /** Bytes on disk were thrown away in this try (the server ignored Range): it is no progress. */
  restarted: boolean;
  bytes: number;
  total: number | null;
  samples: Array<{ at: number; bytes: number }>;
}

/** The last words of a download that kept failing: what happened, to which file, and what to do. */
function gaveUp(kind: string, message: string, target: string, tries: number): string {
  const name = nodePath.basename(target);
  if (kind === 'network') {
    return `The server kept breaking off the download of ${name} after ${tries} tries. Try again later.`;
  }
  const why = message.replace(/\s*The download will be tried again\.$/, '');
  return `${name} could not be downloaded after ${tries} tries: ${why} Try again later.`;
}

export class DownloadQueue {
  private readonly running = new Map<string, Running>();
  private pumping = false;
  private pumpAgain = false;
  private readonly dirty = new Set<string>();
  private flushTimer: TimerHandle | null = null;
  private wakeTimer: TimerHandle | null = null;
  private disposed = false;
  /** Every download's run, until it has stopped (dispose waits for them). */
  private readonly runs = new Set<Promise<void>>();
  /** How many run at once, per account (learned from the downloads that finished). */
  private readonly slots = new Map<string, DownloadSlots>();
  /**
   * The queued rows the last pass read, less those it started: the next pass (a download finished) starts
   * from them instead of reading every queued row again. Dropped whenever rows may have been queued
   * (start, resume, a retry, another process's writes) or taken away (pause, cancel).
   */
  private queuedRows: Download[] | null = null;
  private queuedVersion = 0;

  constructor(private readonly deps: DownloadQueueDeps) {}

  /**
   * This process became the history's owner: what was running when the last owner stopped goes on from its
   * `.part`, and what was queued starts (a tick later: the core may still be being wired).
   */
  async takeOver(): Promise<void> {
    for (const row of await this.deps.repo.inState('active')) {
      if (!this.running.has(row.jobId)) await this.deps.repo.save({ ...row, state: 'queued' });
    }
    this.wake();
  }

  /** Looks for queued files now (another process may have queued some). */
  wake(): void {
    if (this.disposed) return;
    this.dropQueued();
    if (this.wakeTimer) this.deps.timers.clearTimeout(this.wakeTimer);
    this.wakeTimer = this.deps.timers.setTimeout(() => this.pump(), 0);
  }

  /**
   * Downloads again the finished files that are no longer where they were saved (moved or deleted since):
   * their rows are forgotten, so that `start` queues them anew.
   */
  async forgetMissing(jobIds: readonly string[]): Promise<void> {
    for (const jobId of jobIds) {
      const row = await this.deps.repo.get(jobId);
      if (row?.state === 'done' && (await this.deps.fs.size(row.path ?? row.target)) === null) {
        await this.deps.repo.remove(jobId);
      }
    }
  }

  /** Queues the files of these jobs (finished, with an output), where the account's settings say. */
  async start(
    jobIds: readonly string[],
    options: { saveElsewhere?: boolean } = {},
  ): Promise<{ queued: string[]; skipped: string[]; saved: string[] }> {
    const queued: string[] = [];
    const skipped: string[] = [];
    const saved: string[] = [];
    const rows: Parameters<DownloadStore['enqueue']>[0][] = [];
    for (const jobId of jobIds) {
      const job = await this.deps.job(jobId);
      if (!job || job.status !== 'SUCCESS' || !job.outputPath) {
        skipped.push(jobId);
        continue;
      }
      const settings = await this.deps.settings.get(job.accountId);
      const done = await this.deps.repo.get(jobId);
      if (done?.state === 'done') {
        // Already on disk (a moved or deleted file was forgotten first by forgetMissing): nothing to do,
        // unless it is the file of the run before a requeue, or it is saved in another folder than the one
        // chosen now and the person asked for it there. Then it is saved anew; the other file stays.
        const previousRun = job.requeuedMs !== null && job.requeuedMs > done.updatedMs;
        const elsewhere = options.saveElsewhere === true && done.root !== settings.folder;
        if (!previousRun && !elsewhere) {
          saved.push(jobId);
          continue;
        }
        await this.deps.repo.remove(jobId);
      }
      const batch = job.batchId ? ((await this.deps.batch?.(job.batchId)) ?? null) : null;
      const segments = renderTemplate(
        batch?.nameTemplate ?? settings.template,
        templateJobOf(job, batch),
        extensionOf(job.outputPath, null),
        new Date(this.deps.clock.now()),
      );
      const target = joinInside(nodePath, settings.folder, segments);
      rows.push({
        jobId,
        accountId: job.accountId,
        root: settings.folder,
        target,
        nowMs: this.deps.clock.now(),
      });
    }
    // Queued all at once, after every read: a history that commits writes of the same moment together
    // (sqlite-downloads.ts) makes 500 outputs one commit, and the first download starts that much sooner.
    const outcomes = await Promise.allSettled(rows.map((row) => this.deps.repo.enqueue(row)));
    for (const [index, outcome] of outcomes.entries()) {
      const jobId = rows[index]?.jobId;
      if (outcome.status !== 'fulfilled' || jobId === undefined) continue;
      this.changed(jobId);
      queued.push(jobId);
    }
    this.dropQueued();
    this.pump();
    // The files that were queued go on; the history's refusal of the others is said.
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    if (refused) throw refused.reason;
    return { queued, skipped, saved };
  }

  async pause(jobIds: readonly string[]): Promise<void> {
    for (const jobId of jobIds) {
      const row = await this.deps.repo.get(jobId);
      if (!row || row.state === 'done') continue;
      const running = this.running.get(jobId);
      running?.controller.abort();
      this.running.delete(jobId);
      await this.deps.repo.save({
        ...row,
        state: 'paused',
        bytes: running?.bytes ?? row.bytes,
        nextTryMs: null,
        updatedMs: this.deps.clock.now(),
      });
      this.changed(jobId);
    }
    this.dropQueued();
  }

  async resume(jobIds: readonly string[]): Promise<void> {
    for (const jobId of jobIds) {
      const row = await this.deps.repo.get(jobId);
      if (!row || (row.state !== 'paused' && row.state !== 'failed')) continue;
      await this.deps.repo.save({ ...row, state: 'queued', error: null, attempts: 0, nextTryMs: null });
      this.changed(jobId);
    }
    this.dropQueued();
    this.pump();
  }

  /** Stops and forgets the download; its partial file is deleted (a finished file is kept). */
  async cancel(jobIds: readonly string[]): Promise<void> {
    for (const jobId of jobIds) {
      const row = await this.deps.repo.get(jobId);
      if (!row) continue;
      this.running.get(jobId)?.controller.abort();
      this.running.delete(jobId);
      if (row.state !== 'done') await this.deps.fs.remove(`${row.target}.part`);
      await this.deps.repo.remove(jobId);
      this.dirty.delete(jobId);
      if (!this.disposed) this.deps.emit(row.accountId, [], [jobId]);
    }
    this.dropQueued();
    this.pump();
  }

  /** A job just succeeded: its file is downloaded at once when the account says so. */
  async jobSucceeded(job: Job): Promise<void> {
    if (job.status === 'SUCCESS' && job.outputPath && (await this.deps.settings.get(job.accountId)).auto) {
      await this.start([job.id]);
    }
  }

  async list(accountId: string): Promise<DownloadView[]> {
    return (await this.deps.repo.list(accountId)).map((row) => this.view(row));
  }

  /**
   * Stops every download (each aborted keeps what it fetched, to resume at the next start) and resolves once
   * each has stopped writing: the history and the files are left alone after this, not a moment later.
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const running of this.running.values()) running.controller.abort();
    this.running.clear();
    if (this.flushTimer) this.deps.timers.clearTimeout(this.flushTimer);
    if (this.wakeTimer) this.deps.timers.clearTimeout(this.wakeTimer);
    await Promise.allSettled([...this.runs]);
  }

  private view(row: Download): DownloadView {
    const running = this.running.get(row.jobId);
    let speed: number | null = null;
    if (running && running.samples.length > 1) {
      const first = running.samples[0];
      const last = running.samples.at(-1);
      if (first && last && last.at > first.at)
        speed = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
    }
    return {
      jobId: row.jobId,
      // A download's row is written active only after a while (RECORD_AFTER_MS): it shows active at once.
      state: running ? 'active' : row.state,
      path: row.path ?? row.target,
      bytes: running?.bytes ?? row.bytes,
      total: running?.total ?? row.total,
      speed,
      error: row.error,
    };
  }

  private changed(jobId: string): void {
    if (this.disposed) return;
    this.dirty.add(jobId);
    this.flushTimer ??= this.deps.timers.setTimeout(() => {
      // Errors are caught: a flush that fails (the history closing) is said in the log.
      void this.flush().catch((error: unknown) =>
        this.deps.log?.(`Download progress could not be read: ${String(error)}`),
      );
    }, this.deps.progressMs ?? 250);
  }

  private async flush(): Promise<void> {
    this.flushTimer = null;
    // Taken now: what changes while the rows are read is flushed next time.
    const jobIds = [...this.dirty];
    this.dirty.clear();
    const byAccount = new Map<string, DownloadView[]>();
    for (const jobId of jobIds) {
      const row = await this.deps.repo.get(jobId);
      if (!row) continue;
      const views = byAccount.get(row.accountId) ?? [];
      views.push(this.view(row));
      byAccount.set(row.accountId, views);
    }
    if (this.disposed) return;
    for (const [accountId, views] of byAccount) this.deps.emit(accountId, views, []);
  }

  /**
   * Starts what may start now. One pass at a time: a pass asked for while one is under way runs after it,
   * so two passes never read the same queued row and start it twice.
   */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    this.pumpOnce()
      .catch((error: unknown) =>
        this.deps.log?.(`The download queue could not start downloads: ${String(error)}`),
      )
      .finally(() => {
        this.pumping = false;
        if (!this.pumpAgain) return;
        this.pumpAgain = false;
        this.pump();
      });
  }

  private async pumpOnce(): Promise<void> {
    // Only the owner downloads: two processes writing one `.part` would corrupt it.
    if (this.disposed || this.deps.holds?.('downloads') === false) return;
    const version = this.queuedVersion;
    const queued = this.queuedRows ?? (await this.deps.repo.inState('queued'));
    this.queuedRows = null;
    const limits = new Map<string, number>();
    for (const accountId of new Set(queued.map((row) => row.accountId))) {
      const { concurrency } = await this.deps.settings.get(accountId);
      limits.set(accountId, this.slotsOf(accountId).limit(concurrency));
    }
    if (this.disposed || this.deps.holds?.('downloads') === false) return;
    // From here on nothing waits: each row is counted and marked running before the next is looked at (a
    // row paused or cancelled since it was read is seen by run).
    const now = this.deps.clock.now();
    let nextWake: number | null = null;
    const perAccount = new Map<string, number>();
    for (const { accountId } of this.running.values())
      perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + 1);
    const left: Download[] = [];
    for (const row of queued) {
      if (this.running.has(row.jobId)) continue;
      left.push(row);
      if (row.nextTryMs !== null && row.nextTryMs > now) {
        nextWake = Math.min(nextWake ?? row.nextTryMs, row.nextTryMs);
        continue;
      }
      const limit = limits.get(row.accountId) ?? 0;
      const busy = perAccount.get(row.accountId) ?? 0;
      if (busy >= limit) continue;
      perAccount.set(row.accountId, busy + 1);
      left.pop();
      this.claimAndRun(row);
    }
    // Kept for the next pass, unless something dropped them while this one looked.
    if (this.queuedVersion === version) this.queuedRows = left;
    if (this.wakeTimer) this.deps.timers.clearTimeout(this.wakeTimer);
    this.wakeTimer =
      nextWake === null ? null : this.deps.timers.setTimeout(() => this.pump(), Math.max(0, nextWake - now));
  }

  private dropQueued(): void {
    this.queuedRows = null;
    this.queuedVersion += 1;
  }

  private slotsOf(accountId: string): DownloadSlots {
    let slots = this.slots.get(accountId);
    if (!slots) {
      slots = new DownloadSlots();
      this.slots.set(accountId, slots);
    }
    return slots;
  }

  /** Marks the row running at once (so no other pass starts it), then runs it. */
  private claimAndRun(read: Download): void {
    const running: Running = {
      accountId: read.accountId,
      controller: new AbortController(),
      restarted: false,
      bytes: read.bytes,
      total: read.total,
      samples: [],
    };
    this.running.set(read.jobId, running);
    // Errors are caught: run says a failed download in its row; what fails around it is logged.
    const runs = this.runs;
    const run: Promise<void> = this.run(read, running)
      .catch((error: unknown) => {
        if (this.running.get(read.jobId) === running) this.running.delete(read.jobId);
        this.deps.log?.(`Download of ${read.jobId} could not start: ${String(error)}`);
      })
      .finally(() => runs.delete(run));
    runs.add(run);
  }

  private async run(read: Download, running: Running): Promise<void> {
    const job = await this.deps.job(read.jobId);
    // The row as it is now: one paused, cancelled or finished since the pass read it is not started. No
    // await between this look and the write below, or a pause in between would be overwritten.
    const row = await this.deps.repo.get(read.jobId);
    if (this.disposed || running.controller.signal.aborted || row?.state !== 'queued') {
      if (this.running.get(read.jobId) === running) this.running.delete(read.jobId);
      return;
    }
    running.bytes = row.bytes;
    running.total = row.total;
    const startedMs = this.deps.clock.now();
    let headersMs: number | null = null;
    let receivedMs: number | null = null;
    let current: Download = { ...row, state: 'active', error: null, updatedMs: startedMs };
    // Written once the download has gone on for a while, then at each new link or ETag; one done sooner
    // is written once, at its end. Never after a pause or a cancel (their own writes stand).
    let recorded = false;
    const record = () => {
      if (running.controller.signal.aborted || this.running.get(row.jobId) !== running) return;
      recorded = true;
      this.save(current);
    };
    let recordTimer: TimerHandle | null = this.deps.timers.setTimeout(() => {
      recordTimer = null;
      record();
    }, RECORD_AFTER_MS);
    this.changed(row.jobId);
    try {
      if (!job?.outputPath) throw new DownloadError('http', 'This job has no output file any more.');
      const storagePath = job.outputPath;
      const result = await downloadFile({
        sign: () => this.deps.sign(row.accountId, storagePath),
        url: row.url ?? undefined,
        onUrl: (url) => {
          current = { ...current, url };
          if (recorded) record();
        },
        accountUrl: this.deps.accountUrl(row.accountId),
        root: row.root,
        target: row.target,
        resume: { etag: row.etag, total: row.total },
        onRestart: () => (running.restarted = true),
        fs: this.deps.fs,
        fetch: this.deps.fetch,
        signal: running.controller.signal,
        onMeta: (meta) => {
          headersMs ??= this.deps.clock.now();
          current = { ...current, etag: meta.etag, total: meta.total };
          if (recorded) record();
        },
        onReceived: () => {
          receivedMs = this.deps.clock.now();
        },
        onProgress: (bytes, total) => {
          running.bytes = bytes;
          running.total = total;
          const at = this.deps.clock.now();
          running.samples.push({ at, bytes });
          while (running.samples.length > 2 && (running.samples[0]?.at ?? at) < at - SPEED_WINDOW_MS) {
            running.samples.shift();
          }
          this.changed(row.jobId);
        },
      });
      if (headersMs !== null && receivedMs !== null && !result.alreadyThere) {
        // Receiving ends at the body's last byte: the sync and the naming after it leave the link idle.
        this.slotsOf(row.accountId).finished(this.deps.clock.now() - startedMs, receivedMs - headersMs);
      }
      current = {
        ...current,
        state: 'done',
        path: result.path,
        bytes: result.bytes,
        total: result.bytes,
        error: null,
        updatedMs: this.deps.clock.now(),
      };
    } catch (error) {
      if (recordTimer) this.deps.timers.clearTimeout(recordTimer);
      recordTimer = null;
      if (this.disposed || (error instanceof DownloadError && error.kind === 'aborted')) {
        // Paused or cancelled (their rows are already updated), or the app is closing (resumed at start).
        this.running.delete(row.jobId);
        return;
      }
      const kind = error instanceof DownloadError ? error.kind : 'network';
      const message = error instanceof Error ? error.message : String(error);
      // A connection that broke after bringing bytes is not a failing attempt: a CDN that cuts every few
      // MB must not exhaust the retries of a large file. Only attempts that brought nothing count, and
      // one that had to start over (a server ignoring Range, cutting every body) brought nothing to keep:
      // counted as progress, it was retried at once, for ever.
      // A try from an empty `.part` is progress only as the first (a later one follows a try whose
      // bytes were lost, and alternating the two would reset the count for ever).
      const progressed =
        !running.restarted && running.bytes > row.bytes && (row.bytes > 0 || current.attempts === 0);
      const attempts = progressed ? 1 : current.attempts + 1;
      const retryable = kind === 'network' || kind === 'http' || kind === 'changed';
      const retry = retryable && attempts < MAX_ATTEMPTS;
      current = {
        ...current,
        state: retry ? 'queued' : 'failed',
        bytes: running.bytes,
        error: retry ? null : retryable ? gaveUp(kind, message, row.target, attempts) : message,
        attempts,
        // After progress it goes on at once; otherwise it waits longer each time (2 s, 4 s, … 1 min).
        nextTryMs: retry
          ? this.deps.clock.now() + (progressed ? 0 : Math.min(60_000, 1000 * 2 ** attempts))
          : null,
        updatedMs: this.deps.clock.now(),
      };
      this.deps.log?.(`Download of ${row.jobId} ${retry ? 'will be retried' : 'failed'}: ${message}`);
    }
    if (recordTimer) this.deps.timers.clearTimeout(recordTimer);
    this.running.delete(row.jobId);
    if (this.disposed) return;
    await this.deps.repo.save(current);
    // A try to be made again is queued anew: the next pass reads it.
    if (current.state === 'queued') this.dropQueued();
    this.changed(row.jobId);
    this.pump();
  }

  /**
   * Writes a row, unless the app is closing (the database may be closed; the row is resumed at start).
   * Not waited for: the download goes on; a failed write is said in the log.
   */
  private save(row: Download): void {
    if (this.disposed) return;
    void this.deps.repo
      .save(row)
      .catch((error: unknown) =>
        this.deps.log?.(`Download of ${row.jobId} could not be recorded: ${String(error)}`),
      );
  }
}
