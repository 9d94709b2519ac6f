// Downloads one finished job's file from its signed URL into the chosen folder, so that it exists complete
// or not at all, and is never lost: bytes go to `<name>.part` with backpressure (never the whole file in
// memory); an interrupted download resumes with `Range` from what is on disk, guarded by `If-Range` with
// the ETag seen first (a changed file, or a server that ignores Range, starts over); an expired or refused
// link (401, 403, 410) is signed again; at the end the length is checked (and the MD5, where the server
// states one for the whole file), the file is synced and renamed. The API key never goes with these requests: it is a
// plain fetch, not the API client's transport, and the link and each redirect are checked before they are
// requested (link-rule.ts). Nothing planted in the folder is written through: the `.part` is opened
// without following a link (download-fs.ts), and the final name is never a link's, a folder's or another
// file's (a free numbered name is taken instead).
import { createHash } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import nodePath, { basename, dirname, extname } from 'node:path';
import type { Dispatcher } from 'undici';
import { BatchedWriter } from './batched-writer';
import type { BodyWriter } from './body-writer';
import { directWriterFor, goesDirect } from './direct-writer';
import { UnsafeEntryError, type DownloadFile, type DownloadFs } from './download-fs';
import { downloadDispatcher, resolvedRefusal } from './download-dispatcher';
import { dispatcherGet, fetchGet, type FetchedFile, type GetFile } from './download-http';
import { linkProblem } from './link-rule';
import { isInside } from './safe-path';

export type DownloadErrorKind =
  'network' | 'http' | 'disk' | 'changed' | 'outside' | 'unsafe' | 'link' | 'aborted';

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
  /** Bytes on disk were set aside to start over (the server ignored Range, or the file changed). */
  onRestart?(): void;
  /**
   * The account's service address: a link may lead to this computer (or its network) only when the
   * account is there too, as the sandbox is.
   */
  accountUrl: string;
  /** The folder the person chose. */
  root: string;
  /** Where the file goes: a path under `root` made of safe segments (name-template.ts). */
  target: string;
  /** What was known of the `.part` on disk, if anything. */
  resume?: DownloadMeta;
  fs: DownloadFs;
  fetch?: typeof fetch;
  /** Resolves host names instead of the system (tests: names that lead where the test says). */
  lookup?: LookupFunction;
  signal?: AbortSignal;
  onMeta?(meta: DownloadMeta): void;
  onProgress?(done: number, total: number | null): void;
  /** The body's last byte arrived (its writes and sync may still be under way). */
  onReceived?(): void;
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
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_RESIGNS = 3;
const MAX_RESTARTS = 2;
const MAX_REDIRECTS = 5;

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
  response: FetchedFile,
): Promise<void> {
  if (free === null || free >= needed) return;
  await response.cancel();
  throw new DownloadError(
    'disk',
    `The disk holding ${folder} has ${megabytes(free)} free, and this file needs ${megabytes(needed)} more. Free some space or choose another download folder, then resume. What was already downloaded is kept.`,
  );
}

async function onDisk<T>(folder: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof UnsafeEntryError) throw new DownloadError('unsafe', error.message, { cause: error });
    throw diskError(error, folder);
  }
}

/**
 * The MD5 of the whole file when the server states it: `Content-MD5` (RFC 1864) or Google's `x-goog-hash`.
 * An ETag is opaque (S3's happens to be an MD5 for single-part uploads; others, like the sandbox's, are
 * other hashes of the same length), so it is compared as a version, never taken for a checksum.
 */
function statedMd5(response: FetchedFile): string | null {
  const base64 =
    response.header('content-md5') ??
    /(?:^|,)\s*md5=([^,\s]+)/.exec(response.header('x-goog-hash') ?? '')?.[1] ??
    null;
  if (!base64) return null;
  const hex = Buffer.from(base64, 'base64').toString('hex');
  return hex.length === 32 ? hex : null;
}

async function hashOf(fs: DownloadFs, path: string, algorithm: 'md5' | 'sha256'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of fs.read(path)) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * `name (2).ext`, `name (3).ext`…: the first at which nothing is (not even a link that leads nowhere).
 * The number stays within the room safe-path.ts leaves for it.
 */
export async function freeName(fs: Pick<DownloadFs, 'entry'>, target: string): Promise<string> {
  const ext = extname(target);
  const stem = target.slice(0, target.length - ext.length);
  for (let n = 2; n < 10_000; n += 1) {
    const candidate = `${stem} (${n})${ext}`;
    if ((await fs.entry(candidate)) === null) return candidate;
  }
  throw new DownloadError('disk', `Too many files named like ${basename(target)} already.`);
}

/**
 * A placing cut between its two steps (the app stopped after the hard link was made, before the `.part`
 * name was removed): the `.part` has a second name, the target or a numbered name beside it, and the
 * size the download finished at. The file is there whole; only the `.part` name goes. Null otherwise (a
 * `.part` with another name is then refused as a hard-linked file when opened).
 */
async function placedBefore(
  fs: DownloadFs,
  part: string,
  target: string,
  total: number | null,
): Promise<DownloadResult | null> {
  const left = await fs.entry(part);
  // Only a file of the size the download had finished at (kept with it), never any two names planted.
  if (left?.kind !== 'file' || left.links !== 2 || total === null || left.size !== total) return null;
  const ext = extname(target);
  const stem = target.slice(0, target.length - ext.length);
  for (let n = 1; n < 10_000; n += 1) {
    const candidate = n === 1 ? target : `${stem} (${n})${ext}`;
    const found = await fs.entry(candidate);
    if (found === null) return null;
    if (found.identity !== left.identity) continue;
    await fs.remove(part);
    return { path: candidate, bytes: left.size, fetched: 0, alreadyThere: false };
  }
  return null;
}

/**
 * Where `folder` really is (links resolved), whether that is inside the chosen folder (where it really is,
 * resolved once per download: a chosen folder that leads elsewhere later does not take the file along),
 * and which folder it is on the disk (device and inode), so that another folder swapped in under the same
 * name is seen.
 */
async function whereIs(
  fs: DownloadFs,
  realRoot: string,
  folder: string,
): Promise<{ real: string; inside: boolean; identity: string | null }> {
  const real = await fs.realpath(folder);
  const found = await fs.entry(real);
  return {
    real,
    inside: isInside(nodePath, realRoot, real),
    identity: found?.kind === 'folder' ? found.identity : null,
  };
}

/**
 * Fetches the link, following redirects by hand so that each one is checked before it is requested (a
 * fetch that follows them itself would have reached the address before the app could look at it).
 */
async function fetchChecked(
  get: GetFile,
  first: string,
  accountUrl: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<FetchedFile> {
  let url = first;
  for (let hop = 0; ; hop += 1) {
    const problem = linkProblem(url, accountUrl, hop === 0 ? 'link' : 'redirect');
    if (problem) throw new DownloadError('link', problem);
    const response = await get(url, headers, signal);
    const location = response.header('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.cancel();
    if (hop >= MAX_REDIRECTS) {
      throw new DownloadError(
        'http',
        `The file’s server redirected more than ${MAX_REDIRECTS} times. Try again later.`,
      );
    }
    try {
      url = new URL(location, url).href;
    } catch {
      throw new DownloadError('link', 'The file’s server redirected to something that is not an address.');
    }
  }
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
  // Every connection is checked where its name resolves to (download-dispatcher.ts).
  const { dispatcher, owned } = downloadDispatcher(request.accountUrl, request.lookup);
  try {
    return await download(request, dispatcher);
  } finally {
    if (owned) void dispatcher.close().catch(() => undefined);
  }
}

async function download(request: DownloadRequest, dispatcher: Dispatcher): Promise<DownloadResult> {
  const { fs, target, signal } = request;
  const get = request.fetch ? fetchGet(request.fetch, dispatcher) : dispatcherGet(dispatcher);
  const folder = dirname(target);
  const part = `${target}.part`;
  let meta: DownloadMeta = request.resume ?? { etag: null, total: null };

  // The folder is made, then checked where it really is: a link inside the chosen folder that points
  // elsewhere must not carry the file out of it.
  await onDisk(folder, () => fs.mkdirs(folder));
  const realRoot = await onDisk(folder, () => fs.realpath(request.root));
  const first = await onDisk(folder, () => whereIs(fs, realRoot, folder));
  if (!first.inside) {
    throw new DownloadError('outside', `Refused to write outside the download folder: ${first.real}`);
  }
  // Looked at again right before each `.part` is opened and before the file is placed (once per open or
  // rename, never per chunk): in a shared download root, `<root>/<batch>` swapped for a link (or another
  // folder) during a long or retried download must not carry the file where it leads. Node has no
  // openat(), so a swap in the instant between this look and the open is not caught; one any earlier is.
  const stillTheFolder = async () => {
    const now = await onDisk(folder, () => whereIs(fs, realRoot, folder));
    if (now.inside && now.identity === first.identity) return;
    throw new DownloadError(
      'unsafe',
      `${folder} was replaced while the file downloaded (it now leads to ${now.real}, not the folder the download started in). Nothing was written there, and the download stopped. Check who else can change ${request.root}, or choose a download folder only you can write to, then download again.`,
    );
  };

  const placed = await onDisk(folder, () => placedBefore(fs, part, target, request.resume?.total ?? null));
  if (placed) return placed;

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
  let identity: string | undefined;

  for (;;) {
    if (signal?.aborted) throw new DownloadError('aborted', 'The download was paused.');
    // Opened first, without following a link (refused when the name is not a plain file of its own); what
    // is on disk is measured and cut through this open file, never through the name again.
    await stillTheFolder();
    const file: DownloadFile = await onDisk(folder, () => fs.openPart(part));
    try {
      let have = file.openedSize;
      // Bytes on disk without an ETag to check them against cannot be trusted to be the same file.
      if (have > 0 && (meta.etag === null || (meta.total !== null && have > meta.total))) {
        await onDisk(folder, () => file.truncate(0));
        request.onRestart?.();
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
      let response: FetchedFile;
      try {
        response = await fetchChecked(get, url, request.accountUrl, headers, signal);
      } catch (error) {
        if (error instanceof DownloadError) throw error;
        const refused = resolvedRefusal(error);
        if (refused) throw new DownloadError('link', refused.message, { cause: error });
        throw broken(error, signal);
      }

      if (RESIGN_STATUSES.has(response.status)) {
        await response.cancel();
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
        await response.cancel();
        if (meta.total !== null && have === meta.total) {
          identity = file.identity;
          break;
        }
        await onDisk(folder, () => file.truncate(0));
        request.onRestart?.();
        meta = { etag: null, total: null };
        continue;
      }
      if (response.status !== 200 && response.status !== 206) {
        await response.cancel();
        throw new DownloadError(
          'http',
          `The file’s server answered HTTP ${response.status}. The download will be tried again.`,
        );
      }

      const etag = response.header('etag');
      // A whole-file checksum is stated only on a whole-file answer (a part's Content-MD5 is the part's).
      if (response.status === 200) md5 = statedMd5(response);
      const range = response.status === 206 ? parseContentRange(response.header('content-range')) : null;
      if (response.status === 206 && (range === null || range.start !== have)) {
        // A range the app did not ask for: start over rather than stitch bytes in the wrong place.
        await response.cancel();
        if (restarts >= MAX_RESTARTS)
          throw new DownloadError('changed', 'The file’s server sent parts that do not fit together.');
        restarts += 1;
        await onDisk(folder, () => file.truncate(0));
        request.onRestart?.();
        meta = { etag: null, total: null };
        continue;
      }
      // The server ignored Range, or the file changed (If-Range did not match): from the start. The body
      // is read at once all the same (the first write waits for the cut), for a body that breaks while
      // the disk is busy drops what it holds unread.
      let cutFirst: Promise<void> | null = null;
      if (response.status === 200 && have > 0) {
        cutFirst = file.truncate(0);
        cutFirst.catch(() => undefined);
        request.onRestart?.();
        have = 0;
      }
      const length = Number(response.header('content-length') ?? Number.NaN);
      const total = range?.total ?? (Number.isFinite(length) ? have + length : null);
      meta = { etag, total };
      request.onMeta?.(meta);
      request.onProgress?.(have, total);
      if (total !== null) await ensureRoom(free, folder, total - have, response);

      let written = have;
      const cut = cutFirst;
      const sink = cut
        ? {
            async write(chunks: readonly Uint8Array[]) {
              await cut;
              await file.write(chunks);
            },
            sync: () => file.sync(),
          }
        : file;
      const onWritten = (bytes: number) => {
        written += bytes;
        request.onProgress?.(written, total);
      };
      // A large file goes past the page cache (direct-writer.ts says why); a file cut first does not.
      const writer: BodyWriter =
        (!cut && goesDirect(total === null ? null : total - have, have)
          ? directWriterFor(file, have, onWritten)
          : null) ?? new BatchedWriter(sink, onWritten);
      const finish = async () => {
        await writer.finish();
        await cut;
      };
      {
        const reader = response.chunks()[Symbol.asyncIterator]();
        let read = false;
        try {
          for (;;) {
            let chunk: IteratorResult<Uint8Array>;
            try {
              chunk = await reader.next();
            } catch (error) {
              read = true;
              // What came before the break is kept: written out, so the resume starts after it.
              await onDisk(folder, finish);
              throw broken(error, signal);
            }
            if (chunk.done) {
              request.onReceived?.();
              break;
            }
            fetched += chunk.value.byteLength;
            await onDisk(folder, () => writer.add(chunk.value));
          }
          read = true;
        } finally {
          // A write that failed leaves the rest of the body unread: its connection is let go.
          if (!read) await response.cancel();
        }
        await onDisk(folder, finish);
        await onDisk(folder, () => file.sync());
      }
      if (total !== null && written !== total) {
        throw new DownloadError(
          'network',
          `The download stopped at ${written} of ${total} bytes. It resumes from there.`,
        );
      }
      meta = { etag, total: written };
      identity = file.identity;
      break;
    } finally {
      await file.close().catch(() => undefined);
    }
  }

  await stillTheFolder();
  const bytes = meta.total ?? (await fs.entry(part))?.size ?? 0;
  // The name still leads to the file written (not something swapped in for it since it was closed).
  const written = await onDisk(folder, () => fs.entry(part));
  if (written?.identity !== identity) {
    throw new DownloadError(
      'unsafe',
      `${basename(part)} in ${folder} was replaced by something else while it downloaded. Nothing was renamed; move it away, then resume.`,
    );
  }
  if (md5 !== null && (await hashOf(fs, part, 'md5')) !== md5) {
    await fs.remove(part);
    throw new DownloadError(
      'changed',
      'The downloaded file does not match the server’s checksum. It will be downloaded again.',
    );
  }

  // Never overwrite in silence, never rename over a link or a folder: the same file already there (a plain
  // file, one name) is recognised and kept; anything else at the name gets the file a number.
  const existing = await onDisk(folder, () => fs.entry(target));
  if (
    existing?.kind === 'file' &&
    existing.links === 1 &&
    existing.size === bytes &&
    (await hashOf(fs, target, 'sha256')) === (await hashOf(fs, part, 'sha256'))
  ) {
    await fs.remove(part);
    return { path: target, bytes, fetched, alreadyThere: true };
  }
  let path = existing === null ? target : await freeName(fs, target);
  // A name taken between the look and the rename (another program saving there) is not replaced: the
  // next free name is taken.
  for (let tries = 0; ; tries += 1) {
    await stillTheFolder();
    try {
      await fs.place(part, path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries >= 3) throw diskError(error, folder);
      path = await freeName(fs, target);
    }
  }
  return { path, bytes, fetched, alreadyThere: false };
}
