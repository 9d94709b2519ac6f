// Part 3: one client creates a batch (batches:create) and the time is taken until every row is sent (none
// pending or submitting any more, as its page is told), on a team database or on the SQLite history.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { NewBatch } from '../../../electron/shared/domain/batch';
import type { JobsChanged, SubmitJob } from '../../../electron/shared/domain/job';
import { startClient } from './bench-client';

export interface BatchRunOptions {
  baseUrl: string;
  apiKey: string;
  /** The team database; none: the SQLite history. */
  teamUrl?: string;
  rows: number;
  request: Omit<SubmitJob, 'values'>;
  timeoutMs: number;
}

export interface BatchRunResult {
  store: 'team' | 'sqlite';
  rows: number;
  /** Rows sent (active or final) when the run ended. */
  sent: number;
  /** batches:create alone (every row written pending). */
  createMs: number;
  /** From the create to every row sent. */
  totalMs: number;
  /** Change notices the team database sent meanwhile (each client hears every one, its own writes too). */
  notices: number | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const UNSENT = new Set(['pending', 'submitting']);

function batchOf(rows: number, request: Omit<SubmitJob, 'values'>): NewBatch {
  return {
    projectId: request.projectId,
    projectName: request.projectName,
    name: 'Bench mailing',
    nameTemplate: null,
    sheet: null,
    jobs: Array.from({ length: rows }, (_, row) => ({
      row,
      request: { ...request, values: { headline: `Row ${row + 1}` } },
    })),
  };
}

export async function batchRun(options: BatchRunOptions): Promise<BatchRunResult> {
  const client = await startClient({
    name: options.teamUrl ? 'team client' : 'sqlite client',
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    teamUrl: options.teamUrl,
  });
  // One more listener, as a colleague's client would be: how many notices the batch makes the team hear.
  const listener = options.teamUrl ? new pg.Client({ connectionString: options.teamUrl }) : null;
  let notices = 0;
  try {
    if (listener) {
      await listener.connect();
      listener.on('notification', () => (notices += 1));
      await listener.query('LISTEN jrs_changes');
    }
    const batch = batchOf(options.rows, options.request);
    await pause(200);
    const started = performance.now();
    const created = await client.call('batches:create', batch);
    const createMs = performance.now() - started;
    // Counted as the page is told, not by reading the whole list again every few milliseconds.
    const sent = new Set<string>();
    client.core.onEvent((event, payload) => {
      if (event !== 'jobs:changed') return;
      for (const job of (payload as JobsChanged).jobs)
        if (job.batchId === created.id && !UNSENT.has(job.tracking)) sent.add(job.id);
    });
    for (const job of client.latest.values())
      if (job.batchId === created.id && !UNSENT.has(job.tracking)) sent.add(job.id);
    const sentRows = () => sent.size;
    const deadline = started + options.timeoutMs;
    while (sentRows() < options.rows && performance.now() < deadline) await pause(10);
    const totalMs = performance.now() - started;
    const heard = notices;
    return {
      store: options.teamUrl ? 'team' : 'sqlite',
      rows: options.rows,
      sent: sentRows(),
      createMs,
      totalMs,
      notices: listener ? heard : null,
    };
  } finally {
    await listener?.end().catch(() => undefined);
    await client.dispose();
  }
}
