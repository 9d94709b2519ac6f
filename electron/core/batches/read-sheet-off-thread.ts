// Reads a spreadsheet on a worker thread with a memory cap: the app (or the CLI) stays responsive however
// hostile the file, a sheet that needs more memory than the cap is refused in words, and the read is
// ended at once when asked (a cancel, the app closing, Ctrl-C/SIGTERM in the CLI).
import { Worker } from 'node:worker_threads';
import { threadScript } from '../../node-shared/thread-script';
import type { Sheet } from '../../shared/domain/batch-sheet';
import { AppError } from '../kernel/app-error';
import { SHEET_LIMITS, SheetError } from './sheet-error';
import type { SheetReaderAnswer, SheetReaderJob } from './sheet-reader-protocol';

const ENTRY = 'sheet-reader-thread';

/**
 * A reader that crashed (a fault of the parser, not of a limit): the person is told what to do, and the
 * stack goes to the log only, never into words on screen.
 */
export const READER_CRASHED =
  'The spreadsheet could not be read. Open it in the program that made it, save it again as .xlsx or .csv, and drop the new file; if it keeps happening, send the app’s log to support.';

const outOfMemory = (heapMb: number) =>
  `This sheet needs more memory to read than the app allows (${heapMb.toLocaleString('en')} MB). Split it into smaller files, or remove the columns and rows not needed.`;

export function readSheetOffThread(
  bytes: Uint8Array,
  fileName: string,
  options: {
    sheetName?: string;
    signal?: AbortSignal;
    /** The thread's heap cap (tests set a small one). */ heapMb?: number;
    /** The core's log: where a crashed reader's stack goes. */
    log?: (line: string) => void;
  } = {},
): Promise<Sheet> {
  const { signal, log } = options;
  const crashed = (what: string): SheetError => {
    log?.(`The sheet reader failed: ${what}`);
    return new SheetError(READER_CRASHED);
  };
  if (signal?.aborted) return Promise.reject(stopped());
  const job: SheetReaderJob = { bytes, fileName, sheetName: options.sheetName };
  const { code, evaluated } = threadScript(ENTRY, { filename: __filename, dirname: __dirname });
  const heapMb = options.heapMb ?? SHEET_LIMITS.readerHeapMb;
  const worker = new Worker(code, {
    eval: evaluated,
    workerData: job,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: 64,
    },
    // The thread's output is its answer; nothing of the file is ever printed.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<Sheet>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(stopped()));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: SheetReaderAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.sheet);
        else if ('internal' in answer) reject(crashed(answer.internal));
        else reject(new SheetError(answer.message, answer.line));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new SheetError(outOfMemory(heapMb))
            : crashed(String(error.stack ?? error)),
        ),
      ),
    );
    worker.once('exit', (exitCode) =>
      settle(() => reject(crashed(`it stopped (exit code ${exitCode}) without an answer.`))),
    );
  });
}

function stopped(): AppError {
  return new AppError('aborted', 'Reading the spreadsheet was stopped.');
}
