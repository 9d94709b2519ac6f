// The worker thread that reads one spreadsheet (read-sheet-off-thread.ts starts it): the parse runs here,
// under the thread's own memory cap, so the app's event loop never waits on it and the read can be ended
// at once by ending the thread.
import { parentPort, workerData } from 'node:worker_threads';
import { readSheet } from './read-sheet';
import { SheetError } from './sheet-error';
import type { SheetReaderAnswer, SheetReaderJob } from './sheet-reader-protocol';

const job = workerData as SheetReaderJob;
let answer: SheetReaderAnswer;
try {
  answer = { ok: true, sheet: readSheet(job.bytes, job.fileName, { sheetName: job.sheetName }) };
} catch (error) {
  answer =
    error instanceof SheetError
      ? { ok: false, message: error.message, line: error.line }
      : { ok: false, internal: String((error as Error)?.stack ?? error) };
}
parentPort?.postMessage(answer);
