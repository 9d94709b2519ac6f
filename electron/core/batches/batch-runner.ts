// Sends the rows of running batches: as many at a time as the rate allows (in-flight.ts), in row order,
// through the account's own rate gate (the one its polling uses, so a 429 slows both; rows first). A row
// goes `pending` → `submitting` (on disk before the POST leaves) → the service's job; after a crash,
// `pending` rows are simply sent on and a `submitting` one is `unknown` (never sent twice). A refusal that
// created nothing either waits and goes again (rate limit, the service or the network down, a key refused)
// or marks the row `refused`.
import { AppError } from '../kernel/app-error';
import { isApiError } from '../api';
import type { Clock, TimerHandle, Timers } from '../kernel/ports';
import type { Holds } from '../kernel/ownership';
import { errorSentence } from '../kernel/error-words';
import type { ClaimedJob, Job } from '../jobs/job';
import { rowOf, type JobsContext } from '../jobs/jobs-context';
import type { RateLimiter } from '../jobs/rate-limiter';
import { sendSubmission } from '../jobs/submitter';
import type { BatchStore } from './batch-store';
import { InFlightBound } from './in-flight';

export interface BatchRunnerDeps {
  context: JobsContext;
  batches: BatchStore;
  /** The account's request gate, shared with its polling. */
  limiterOf(accountId: string): RateLimiter;
  clock: Clock;
  timers: Timers;
  /**
   * Rows of one batch on their way at once, fixed (tests). By default it follows Little's law: the rate the
   * account's gate allows × the service's answer time as learned, plus one (in-flight.ts).
   */
  concurrency?: number;
  /** First wait after a refusal that may pass (the service down, the network gone); doubles to 1 min. */
  holdMs?: number;
  /** Whether this process sends the account's rows; another process's accounts are sent by that one. */
  holds?: Holds;
}

const MAX_HOLD_MS = 60_000;
/**
 * Refusals that say nothing about the row itself: it waits and goes again. `keychain`: the account's key
 * is missing (a session that ended) or locked away; its rows wait until the key is given again.
 */
const PASSING = new Set([
  'rate-limited',
  'server',
  'network',
  'timeout',
  'unauthorized',
  'invalid-response',
  'keychain',
]);

interface Run {
  flying: Set<string>;
  timer: TimerHandle | null;
  /** After a passing refusal: no row is sent before this time. */
  heldUntil: number;
  holds: number;
  /** A pass of pump under way (one per batch at a time), and whether another was asked for meanwhile. */
  pumping: boolean;
  pumpAgain: boolean;
  /** Rows taken for sending that created nothing, to be made pending again once the history answers. */
  putBack: Map<string, Job>;
}

/** How soon a pass that failed (the history out of reach) is tried again. */
const RETRY_PASS_MS = 2000;

export class BatchRunner {
  private readonly runs = new Map<string, Run>();
  /** Every row's send on its way, whatever its batch: dispose waits for them. */
  private readonly sends = new Set<Promise<void>>();
  private readonly inFlightBound: InFlightBound;
  private readonly holdMs: number;
  private disposed = false;

  constructor(private readonly deps: BatchRunnerDeps) {
    this.inFlightBound = new InFlightBound({ fixed: deps.concurrency, now: () => deps.clock.now() });
    this.holdMs = deps.holdMs ?? 2_000;
  }

  /** At start: goes on with every batch that was running. */
  async start(): Promise<void> {
    for (const batch of await this.deps.batches.runningBatches()) this.wake(batch.id);
  }

  /** Sends what the batch has waiting, if it is running (after a create, a resume or a retry). */
  wake(batchId: string): void {
    if (this.disposed) return;
    const run = this.runOf(batchId);
    if (run.timer) {
      this.deps.timers.clearTimeout(run.timer);
      run.timer = null;
    }
    this.pump(batchId);
  }

  /** Rows of the batch on their way now. */
  inFlight(batchId: string): number {
    return this.runs.get(batchId)?.flying.size ?? 0;
  }

  /** Stops sending (every timer cleared); resolves once the rows on their way are answered. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const run of this.runs.values()) if (run.timer) this.deps.timers.clearTimeout(run.timer);
    this.runs.clear();
    await Promise.allSettled([...this.sends]);
  }

  private runOf(batchId: string): Run {
    let run = this.runs.get(batchId);
    if (!run) {
      run = {
        flying: new Set(),
        timer: null,
        heldUntil: 0,
        holds: 0,
        pumping: false,
        pumpAgain: false,
        putBack: new Map(),
      };
      this.runs.set(batchId, run);
    }
    return run;
  }

  private later(batchId: string, run: Run, at: number): void {
    if (run.timer) return;
    const delay = Math.max(0, at - this.deps.clock.now());
    run.timer = this.deps.timers.setTimeout(() => {
      run.timer = null;
      this.pump(batchId);
    }, delay);
  }

  /**
   * Sends what may go now. One pass per batch at a time (a pass asked for meanwhile runs after it), and a
   * row is marked flying in the same step that picks it, so no row is taken twice.
   */
  private pump(batchId: string): void {
    if (this.disposed) return;
    const run = this.runOf(batchId);
    if (run.pumping) {
      run.pumpAgain = true;
      return;
    }
    run.pumping = true;
    // Errors are caught: a pass that fails (the history closing under it) is said in the log.
    void this.pumpOnce(batchId, run)
      .catch((error: unknown) => {
        this.deps.context.log?.(`Batch ${batchId} could not send its rows: ${String(error)}`);
        // The history out of reach for a moment (a team database restarting): look again soon.
        this.later(batchId, run, this.deps.clock.now() + RETRY_PASS_MS);
      })
      .finally(() => {
        run.pumping = false;
        if (!run.pumpAgain) return;
        run.pumpAgain = false;
        this.pump(batchId);
      });
  }

  private async pumpOnce(batchId: string, run: Run): Promise<void> {
    if (this.disposed) return;
    const batch = await this.deps.batches.get(batchId);
    if (this.disposed || !batch || batch.state !== 'running') return;
    if (this.deps.holds?.({ account: batch.accountId }) === false) return;
    for (const [id, row] of run.putBack) {
      await this.deps.context.lifecycle.backToPending(row, null);
      run.putBack.delete(id);
    }
    const now = this.deps.clock.now();
    if (run.heldUntil > now) return this.later(batchId, run, run.heldUntil);
    const limiter = this.deps.limiterOf(batch.accountId);
    const { repo, lifecycle } = this.deps.context;
    if (lifecycle.claimsMany) return this.claimAndSend(batchId, run, limiter, batch.accountId);
    while (run.flying.size < this.inFlightBound.bound(batch.accountId, limiter)) {
      const bound = this.inFlightBound.bound(batch.accountId, limiter);
      // One pass per batch at a time: no other pass takes a row between this read and `flying.add`.
      const next = (await repo.nextPending(batchId, bound + run.flying.size)).find(
        (row) => !run.flying.has(row.id),
      );
      if (!next) break;
      if (!limiter.tryAcquire('create')) return this.later(batchId, run, limiter.nextSlotAt('create'));
      this.launch(batchId, run, next, limiter, null);
    }
  }

  /**
   * A store that claims several rows in one step (a team's): as many rows as there are free places and
   * request slots now, claimed only when they can go at once (a `submitting` row is one on its way), and
   * sent as claimed, with no read in between. Slots taken for rows that were no longer there go back.
   */
  private async claimAndSend(
    batchId: string,
    run: Run,
    limiter: RateLimiter,
    accountId: string,
  ): Promise<void> {
    while (run.flying.size < this.inFlightBound.bound(accountId, limiter)) {
      const bound = this.inFlightBound.bound(accountId, limiter);
      let slots = 0;
      while (run.flying.size + slots < bound && limiter.tryAcquire('create')) slots += 1;
      if (slots === 0) return this.later(batchId, run, limiter.nextSlotAt('create'));
      let rows: ClaimedJob[];
      try {
        rows = await this.claimRows(batchId, slots);
      } catch (error) {
        limiter.giveBack(slots, 'create');
        throw error;
      }
      limiter.giveBack(slots - rows.length, 'create');
      for (const { job, request } of rows) this.launch(batchId, run, job, limiter, { request });
      // Fewer than asked: none is pending any more (or another sender holds the rest for a moment).
      if (rows.length < slots) return;
    }
  }

  /**
   * The claim, awaited by dispose like a send: rows claimed while the runner stops were not sent, so they
   * are made pending again (for the next start) before the history closes.
   */
  private claimRows(batchId: string, slots: number): Promise<ClaimedJob[]> {
    const { lifecycle } = this.deps.context;
    const taking = (async () => {
      const rows = await lifecycle.claimNext(batchId, slots);
      if (!this.disposed) return rows;
      for (const { job } of rows) await lifecycle.backToPending(job, null);
      return [];
    })();
    const settled: Promise<void> = taking.then(
      () => undefined,
      () => undefined,
    );
    this.sends.add(settled);
    void settled.finally(() => this.sends.delete(settled));
    return taking;
  }

  /**
   * One row on its way: flying until its send is answered, then the batch looks for the next. `claimed`:
   * the row was claimed already (it is `row` as it is now, with its request), else it is claimed here.
   */
  private launch(
    batchId: string,
    run: Run,
    row: Job,
    limiter: RateLimiter,
    claimed: { request: unknown } | null,
  ): void {
    run.flying.add(row.id);
    const sending: Promise<void> = this.send(run, row, limiter, claimed)
      // The history closed under it (the app quitting): the row is `submitting` or `pending` on disk,
      // and the next start settles it.
      .catch(() => undefined)
      .finally(() => {
        this.sends.delete(sending);
        run.flying.delete(row.id);
        this.pump(batchId);
      });
    this.sends.add(sending);
  }

  private async send(
    run: Run,
    row: Job,
    limiter: RateLimiter,
    claimed: { request: unknown } | null,
  ): Promise<void> {
    const { context, clock } = this.deps;
    if (!claimed && !(await context.lifecycle.claim(row))) return;
    const sentAt = clock.now();
    // Whether the row may have created a job: until its request goes out (and when the service refused
    // it), it provably did not, and it is put back to pending even if the history refused that just now.
    let mayExist = false;
    // The service's answer time (the request out to its answer), which Little's law wants; 0 until known.
    let leftAt = 0;
    let answerMs: number | null = null;
    try {
      const current = claimed ? row : await rowOf(context, row.id);
      await sendSubmission(
        context,
        current,
        async (error) => {
          mayExist = false;
          const kind = isApiError(error) ? error.kind : error instanceof AppError ? error.kind : null;
          if (kind === 'rate-limited' && isApiError(error)) limiter.onRateLimited(sentAt, error.retryAfterMs);
          if (kind !== null && PASSING.has(kind)) {
            // Nothing was created and nothing is wrong with the row: it waits, and the batch with it.
            await context.lifecycle.backToPending(row, errorSentence(error));
            run.holds += 1;
            const hold = kind === 'rate-limited' ? 0 : this.holdMs * 2 ** Math.min(run.holds - 1, 5);
            run.heldUntil = Math.max(run.heldUntil, clock.now() + Math.min(hold, MAX_HOLD_MS));
          } else {
            await context.lifecycle.refused(row, errorSentence(error));
          }
        },
        {
          ...claimed,
          attempts: 'once',
          sending: () => {
            mayExist = true;
            leftAt = clock.now();
          },
          answered: () => (answerMs = clock.now() - leftAt),
        },
      );
      run.holds = 0;
      limiter.onSuccess();
      this.inFlightBound.answered(row.accountId, answerMs ?? clock.now() - sentAt);
    } catch {
      // Recorded on the row above (pending again, refused or unknown); the batch goes on. A row that
      // created nothing and could not be recorded so (the history out of reach) goes back at the next pass.
      const recorded = await context.repo.get(row.id).catch(() => undefined);
      if (!mayExist && recorded?.tracking !== 'pending' && recorded?.tracking !== 'refused')
        run.putBack.set(row.id, row);
    }
  }
}
