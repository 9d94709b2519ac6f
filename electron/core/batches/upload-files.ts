// Uploads the dropped files the batch's rows use, before any row is written: a few at a time, with
// progress, each file once (its content once too: the uploader's cache answers a content already stored,
// in this import or an earlier one, so a submission cut off by a crash or a quit sends only what is left).
// A failure that may pass (the network, a busy server) is tried again after a growing pause; one that
// will not (a refused file, wrong credentials) stops the submission at once with its name and the reason.
// Nothing is written to the history until every file has its address.
import type { ImportFile } from '../../shared/domain/batch-import';
import { AppError } from '../kernel/app-error';
import type { AssetUploader } from '../assets/asset-uploader';
import { mimeTypeOf, nameOf, readWhole } from './import-files';

export interface UploadWork {
  relativePath: string;
  kind: 'image' | 'audio';
  source: ImportFile;
}

export interface UploadProgress {
  done: number;
  total: number;
  /** Said while a file waits to be tried again. */
  note?: string;
}

export interface UploadOptions {
  concurrency?: number;
  /** Tries after the first (default 3: pauses of about 1, 2 and 4 s). */
  retries?: number;
  /** Waits between tries; tests pass fake time. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const BASE_DELAY_MS = 1000;

/** The status of the refusal behind an upload error, where there is one (the API client's or the AWS SDK's). */
function statusOf(error: unknown): number | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause as
    { status?: number; $metadata?: { httpStatusCode?: number } } | undefined;
  return cause?.status ?? cause?.$metadata?.httpStatusCode;
}

/** The network, a timeout, a busy or failing server: worth another try. A refusal of the file is not. */
export function mayPass(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.kind === 'network') return true;
  const status = statusOf(error);
  return status === 429 || (status !== undefined && status >= 500);
}

export async function uploadFiles(
  work: readonly UploadWork[],
  uploader: AssetUploader,
  onProgress: (progress: UploadProgress) => void,
  options: UploadOptions = {},
): Promise<{ urls: Map<string, string> }> {
  const { concurrency = 4, retries = 3, random = Math.random } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const urls = new Map<string, string>();
  let done = 0;
  let next = 0;
  let failed = false;
  onProgress({ done: 0, total: work.length });

  const send = async (item: UploadWork) => {
    const bytes = await readWhole(item.source, 60 * 1024 * 1024);
    const name = nameOf(item.source);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await uploader.upload({ kind: item.kind, name, mimeType: mimeTypeOf(name), bytes });
      } catch (error) {
        if (failed || attempt >= retries || !mayPass(error)) throw error;
        const delay = Math.round(BASE_DELAY_MS * 2 ** attempt * (0.75 + random() / 2));
        onProgress({
          done,
          total: work.length,
          note: `${(error as Error).message} Trying ${item.relativePath} again in ${Math.ceil(delay / 1000)} s (try ${attempt + 2} of ${retries + 1}).`,
        });
        await sleep(delay);
      }
    }
  };

  let firstError: { error: unknown } | null = null;
  const worker = async () => {
    while (next < work.length && !failed) {
      const item = work[next++];
      if (!item) break;
      try {
        urls.set(item.relativePath, (await send(item)).url);
      } catch (error) {
        failed = true;
        firstError ??= { error };
        return;
      }
      done += 1;
      onProgress({ done, total: work.length });
    }
  };
  // On a failure no new upload starts, but the ones on their way are waited for: each that arrives is
  // in the upload cache before the error is said, so a quit right after it never sends that file again.
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  if (firstError) throw (firstError as { error: unknown }).error;
  return { urls };
}
