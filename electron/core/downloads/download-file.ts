// Downloads one finished job's file from its signed URL into the chosen folder, so that it exists complete
// or not at all, and is never lost: bytes go to `<name>.part` with backpressure (never the whole file in
// memory); an interrupted download resumes with `Range` from what is on disk, guarded by `If-Range` with
// the ETag seen first (a changed file, or a server that ignores Range, starts over); an expired or refused
// link (401, 403, 410) is signed again; at the end the length is checked (and the MD5, where the server
// states one for the whole file), the file is synced and renamed. The API key never goes with these requests: it is a
// plain fetch, not the API client's transport, and a redirect may only lead to https (or this computer).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import nodePath, { basename, dirname, extname } from 'node:path';
import { isAllowedWebAddress } from '../../shared/domain/urls';
import { BatchedWriter } from './batched-writer';
import type { DownloadFs } from './download-fs';
import { isInside } from './safe-path';

export type DownloadErrorKind = 'network' | 'http' | 'disk' | 'changed' | 'outside' | 'aborted';

export class DownloadError extends Error {
  constructor(
    readonly kind: DownloadErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DownloadError';
  }
}

/** What the caller keeps with the download (in the history database), so that a resume can be guarded. */
export interface DownloadMeta {
  etag: string | null;
  total: number | null;
}

export interface DownloadRequest {
  /** A fresh signed URL of the file (asked again when one expires or is refused). */
  sign(): Promise<string>;
  /** The last signed URL, if one is kept: used first, signed again only when refused. */
  url?: string;
  /** A new signed URL was made: the caller keeps it for the next attempt. */
  onUrl?(url: string): void;
  /** The folder the person chose. */
  root: string;
  /** Where the file goes: a path under `root` made of safe segments (name-template.ts). */
  target: string;
  /** What was known of the `.part` on disk, if anything. */
  resume?: DownloadMeta;
  fs: DownloadFs;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onMeta?(meta: DownloadMeta): void;
  onProgress?(done: number, total: number | null): void;
}

export interface DownloadResult {
  /** Where the file is (the target, or a numbered name beside it when another file was there). */
  path: string;
  bytes: number;
  /** Bytes received over the network, this call. */
  fetched: number;
  /** The same file was already there (same size and content): nothing new was written. */
  alreadyThere: boolean;
}

const RESIGN_STATUSES = new Set([401, 403, 410]);
const MAX_RESIGNS = 3;
const MAX_RESTARTS = 2;

/** The person's words for a file-system failure, naming the folder and what to do. */
export function diskError(error: unknown, folder: string): DownloadError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const kept = 'What was already downloaded is kept, and the download resumes from there.';
  const message =
    code === 'ENOSPC'
      ? `The disk holding ${folder} is full. Free some space, then resume the download. ${kept}`
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? `The app cannot write to ${folder} (it is read-only, or not yours). Change its permissions or choose another download folder, then resume. ${kept}`
        : code === 'ENOENT'
          ? `${folder} is no longer there (a disk unplugged, or the folder moved or deleted). Reconnect it or choose another download folder, then resume. ${kept}`
          : `The file could not be written in ${folder} (${code ?? 'error'}). Check the folder, then resume. ${kept}`;
  return new DownloadError('disk', message, { cause: error });
}

const megabytes = (bytes: number) => `${Math.max(0.1, Math.ceil(bytes / 100_000) / 10)} MB`;

/** Refuses to start a body that cannot fit, before a byte of it is written (where the size is known). */
async function ensureRoom(
  free: number | null,
  folder: string,
  needed: number,
  response: Response,
): Promise<void> {
  if (free === null || free >= needed) return;
  await response.body?.cancel().catch(() => undefined);
  throw new DownloadError(
    'disk',
    `The disk holding ${folder} has ${megabytes(free)} free, and this file needs ${megabytes(needed)} more. Free some space or choose another download folder, then resume. What was already downloaded is kept.`,
  );
}

async function onDisk<T>(folder: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw diskError(error, folder);
  }
}

/**
 * The MD5 of the whole file when the server states it: `Content-MD5` (RFC 1864) or Google's `x-goog-hash`.
 * An ETag is opaque (S3's happens to be an MD5 for single-part uploads; others, like the sandbox's, are
 * other hashes of the same length), so it is compared as a version, never taken for a checksum.
 */
function statedMd5(headers: Headers): string | null {
  const base64 =
    headers.get('content-md5') ??
    /(?:^|,)\s*md5=([^,\s]+)/.exec(headers.get('x-goog-hash') ?? '')?.[1] ??
    null;
  if (!base64) return null;
  const hex = Buffer.from(base64, 'base64').toString('hex');
  return hex.length === 32 ? hex : null;
}

async function hashOf(path: string, algorithm: 'md5' | 'sha256'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `name (2).ext`, `name (3).ext`…: the first that is free. */
export async function freeName(fs: DownloadFs, target: string): Promise<string> {
  const ext = extname(target);
  const stem = target.slice(0, target.length - ext.length);
  for (let n = 2; n < 10_000; n += 1) {
    const candidate = `${stem} (${n})${ext}`;
    if ((await fs.size(candidate)) === null) return candidate;
  }
  throw new DownloadError('disk', `Too many files named like ${basename(target)} already.`);
}

/** A request or a body that failed: paused by the person, or a broken connection to resume from. */
function broken(error: unknown, signal: AbortSignal | undefined): DownloadError {
  if (signal?.aborted) return new DownloadError('aborted', 'The download was paused.');
  return new DownloadError(
    'network',
    'The connection to the file’s server broke. The download resumes from where it stopped.',
    { cause: error },
  );
}

function parseContentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { start: Number(match[1]), total: match[3] === '*' ? null : Number(match[3]) };
}

export async function downloadFile(request: DownloadRequest): Promise<DownloadResult> {
  const { fs, target, signal } = request;
  const doFetch = request.fetch ?? fetch;
  const folder = dirname(target);
  const part = `${target}.part`;
  let meta: DownloadMeta = request.resume ?? { etag: null, total: null };

  // The folder is made, then checked where it really is: a link inside the chosen folder that points
  // elsewhere must not carry the file out of it.
  await onDisk(folder, () => fs.mkdirs(folder));
  const [realRoot, realFolder] = await onDisk(folder, () =>
    Promise.all([fs.realpath(request.root), fs.realpath(folder)]),
  );
  if (!isInside(nodePath, realRoot, realFolder)) {
    throw new DownloadError('outside', `Refused to write outside the download folder: ${realFolder}`);
  }

  const fresh = async () => {
    const signed = await request.sign();
    request.onUrl?.(signed);
    return signed;
  };
  let url = request.url ?? (await fresh());
  let resigns = 0;
  let restarts = 0;
  let fetched = 0;
  let md5: string | null = null;

  for (;;) {
    if (signal?.aborted) throw new DownloadError('aborted', 'The download was paused.');
    let have = (await onDisk(folder, () => fs.size(part))) ?? 0;
    // Bytes on disk without an ETag to check them against cannot be trusted to be the same file.
    if (have > 0 && meta.etag === null) {
      await onDisk(folder, () => fs.truncate(part, 0));
      have = 0;
    }
    if (have > 0 && meta.total !== null && have > meta.total) {
      await onDisk(folder, () => fs.truncate(part, 0));
      have = 0;
    }
    const headers: Record<string, string> = {};
    if (have > 0 && meta.etag) {
      headers['range'] = `bytes=${have}-`;
      headers['if-range'] = meta.etag;
    }

    // What is slow is done before the request: once its headers are in, the body is read at once. A body
    // that breaks drops the chunks it holds unread, so a pause there would lose what came before a cut.
    const free = (await fs.freeBytes?.(folder)) ?? null;
    const file = await onDisk(folder, () => fs.append(part));
    try {
      let response: Response;
      try {
        response = await doFetch(url, { headers, redirect: 'follow', signal, credentials: 'omit' });
      } catch (error) {
        throw broken(error, signal);
      }
      if (response.url && !isAllowedWebAddress(response.url)) {
        await response.body?.cancel();
        throw new DownloadError(
          'http',
          'The file’s link led to an address that is not https; it was not followed.',
        );
      }

      if (RESIGN_STATUSES.has(response.status)) {
        await response.body?.cancel();
        if (resigns >= MAX_RESIGNS) {
          throw new DownloadError(
            'http',
            `The file’s server refused fresh links ${MAX_RESIGNS} times (HTTP ${response.status}). Try again later.`,
          );
        }
        resigns += 1;
        url = await fresh();
        continue;
      }
      if (response.status === 416) {
        await response.body?.cancel();
        if (meta.total !== null && have === meta.total) break;
        await onDisk(folder, () => fs.truncate(part, 0));
        meta = { etag: null, total: null };
        continue;
      }
      if (response.status !== 200 && response.status !== 206) {
        await response.body?.cancel();
        throw new DownloadError(
          'http',
          `The file’s server answered HTTP ${response.status}. The download will be tried again.`,
        );
      }

      const etag = response.headers.get('etag');
      // A whole-file checksum is stated only on a whole-file answer (a part's Content-MD5 is the part's).
      if (response.status === 200) md5 = statedMd5(response.headers);
      const range = response.status === 206 ? parseContentRange(response.headers.get('content-range')) : null;
      if (response.status === 206 && (range === null || range.start !== have)) {
        // A range the app did not ask for: start over rather than stitch bytes in the wrong place.
        await response.body?.cancel();
        if (restarts >= MAX_RESTARTS)
          throw new DownloadError('changed', 'The file’s server sent parts that do not fit together.');
        restarts += 1;
        await onDisk(folder, () => fs.truncate(part, 0));
        meta = { etag: null, total: null };
        continue;
      }
      if (response.status === 200 && have > 0) {
        // The server ignored Range, or the file changed (If-Range did not match): from the start.
        await onDisk(folder, () => fs.truncate(part, 0));
        have = 0;
      }
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      const total = range?.total ?? (Number.isFinite(length) ? have + length : null);
      meta = { etag, total };
      request.onMeta?.(meta);
      request.onProgress?.(have, total);
      if (total !== null) await ensureRoom(free, folder, total - have, response);

      let written = have;
      const writer = new BatchedWriter(file, (bytes) => {
        written += bytes;
        request.onProgress?.(written, total);
      });
      {
        const reader = response.body?.getReader();
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            if (!reader) break;
            chunk = await reader.read();
          } catch (error) {
            // What came before the break is kept: written out, so the resume starts after it.
            await onDisk(folder, () => writer.finish());
            throw broken(error, signal);
          }
          if (chunk.done) break;
          fetched += chunk.value.byteLength;
          await onDisk(folder, () => writer.add(chunk.value));
        }
        await onDisk(folder, () => writer.finish());
        await onDisk(folder, () => file.sync());
      }
      if (total !== null && written !== total) {
        throw new DownloadError(
          'network',
          `The download stopped at ${written} of ${total} bytes. It resumes from there.`,
        );
      }
      meta = { etag, total: written };
      break;
    } finally {
      await file.close().catch(() => undefined);
    }
  }

  const bytes = meta.total ?? (await fs.size(part)) ?? 0;
  if (md5 !== null && (await hashOf(part, 'md5')) !== md5) {
    await onDisk(folder, () => fs.truncate(part, 0));
    throw new DownloadError(
      'changed',
      'The downloaded file does not match the server’s checksum. It will be downloaded again.',
    );
  }

  // Never overwrite in silence: the same file already there is recognised and kept; another gets a number.
  let path = target;
  const existing = await onDisk(folder, () => fs.size(target));
  if (existing !== null) {
    if (existing === bytes && (await hashOf(target, 'sha256')) === (await hashOf(part, 'sha256'))) {
      await fs.remove(part);
      return { path: target, bytes, fetched, alreadyThere: true };
    }
    path = await freeName(fs, target);
  }
  await onDisk(folder, () => fs.rename(part, path));
  return { path, bytes, fetched, alreadyThere: false };
}
