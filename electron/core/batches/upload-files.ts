// Uploads the dropped files the batch's rows use, before any row is written: each file once, and each
// content once (the same photo under two names, or used by 300 rows, is sent one time), a few at a time,
// with progress. A file that cannot be uploaded stops the submission with its name and the reason; nothing
// is written to the history until every file has its address.
import { createHash } from 'node:crypto';
import type { ImportFile } from '../../shared/domain/batch-import';
import type { AssetUploader } from '../assets/asset-uploader';
import { mimeTypeOf, nameOf, readWhole } from './import-files';

export interface UploadWork {
  relativePath: string;
  kind: 'image' | 'audio';
  source: ImportFile;
}

export async function uploadFiles(
  work: readonly UploadWork[],
  uploader: AssetUploader,
  onProgress: (done: number, total: number) => void,
  concurrency = 4,
): Promise<{ urls: Map<string, string>; uploads: number }> {
  const urls = new Map<string, string>();
  const byHash = new Map<string, Promise<string>>();
  let uploads = 0;
  let done = 0;
  let next = 0;
  onProgress(0, work.length);
  const worker = async () => {
    while (next < work.length) {
      const item = work[next++];
      if (!item) break;
      const bytes = await readWhole(item.source, 60 * 1024 * 1024);
      const hash = `${item.kind}:${createHash('sha256').update(bytes).digest('hex')}`;
      let url = byHash.get(hash);
      if (!url) {
        uploads += 1;
        url = uploader
          .upload({
            kind: item.kind,
            name: nameOf(item.source),
            mimeType: mimeTypeOf(nameOf(item.source)),
            bytes,
          })
          .then((answer) => answer.url);
        byHash.set(hash, url);
      }
      urls.set(item.relativePath, await url);
      done += 1;
      onProgress(done, work.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  return { urls, uploads };
}
