// Small pictures of saved outputs for the gallery: an image scaled down and a video's first frame (ffmpeg),
// a PDF's first page (pdftoppm). Made by child processes, a few at a time, and kept in
// <data>/thumbnails/<hash of path, size, length and mtime>.png (0600 files in a 0700 folder): made once, then
// read from there until the file changes. Without the tool, the answer says so and the page shows the
// file its own way.
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { OutputKind, ThumbnailFallback, ThumbnailSize } from '../../shared/domain/result';
import { ensurePrivateFolder, PRIVATE_FILE_MODE } from '../../node-shared/private-files';
import type { CheckedFile } from './output-file';
import { Limiter, runTool, ToolError, type RunTool } from './run-tool';

export type ThumbnailAnswer =
  | { kind: 'picture'; png: Buffer; fromCache: boolean }
  | { kind: 'fallback'; reason: ThumbnailFallback; message: string };

export interface ThumbnailMakerOptions {
  /** The cache folder, <data>/thumbnails. */
  dir: string;
  /** The tools' names or paths (ffmpeg and pdftoppm on the PATH by default). */
  ffmpeg?: string;
  pdftoppm?: string;
  /** How long one tool may run. */
  timeoutMs?: number;
  /** Tools running at once: 1 on a machine of two cores, 2 from four. */
  concurrency?: number;
  run?: RunTool;
  log?: (line: string) => void;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PNG_BYTES = 8 * 1024 * 1024;
/** Never follow a link at a cache name; never block on a pipe put there. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function defaultConcurrency(): number {
  return Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
}

export class ThumbnailMaker {
  private readonly limiter: Limiter;
  private readonly run: RunTool;
  private readonly timeoutMs: number;
  /** Requests for the same picture while it is being made share the one run. */
  private readonly inFlight = new Map<string, Promise<ThumbnailAnswer>>();
  /** Tools found missing: not tried again in this run of the app. */
  private readonly missing = new Set<string>();
  private folderReady = false;
  /** How many pictures a tool made (a cached one is not counted): tests read it. */
  made = 0;

  constructor(private readonly options: ThumbnailMakerOptions) {
    this.limiter = new Limiter(options.concurrency ?? defaultConcurrency());
    this.run = options.run ?? runTool;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** Where the picture of this version of the file at this size is kept. */
  cachePath(file: CheckedFile, size: ThumbnailSize): string {
    const key = createHash('sha256')
      .update(`${file.path}\n${size}\n${file.size}\n${Math.trunc(file.mtimeMs)}`)
      .digest('hex');
    return join(this.options.dir, `${key}.png`);
  }

  async thumbnail(file: CheckedFile, kind: OutputKind, size: ThumbnailSize): Promise<ThumbnailAnswer> {
    if (kind !== 'image' && kind !== 'video' && kind !== 'pdf') {
      return { kind: 'fallback', reason: 'unsupported', message: 'No picture is made of this kind of file.' };
    }
    const path = this.cachePath(file, size);
    const cached = await this.readCached(path);
    if (cached) return { kind: 'picture', png: cached, fromCache: true };
    const running = this.inFlight.get(path);
    if (running) return running;
    const making = this.make(file, kind, size, path).finally(() => this.inFlight.delete(path));
    this.inFlight.set(path, making);
    return making;
  }

  private async make(
    file: CheckedFile,
    kind: 'image' | 'video' | 'pdf',
    size: ThumbnailSize,
    path: string,
  ): Promise<ThumbnailAnswer> {
    const command =
      kind === 'pdf' ? (this.options.pdftoppm ?? 'pdftoppm') : (this.options.ffmpeg ?? 'ffmpeg');
    if (this.missing.has(command)) return noTool(command);
    let png: Buffer;
    try {
      png = await this.limiter.run(() =>
        this.run({
          command,
          args: kind === 'pdf' ? pdftoppmArgs(file.path, size) : ffmpegArgs(file.path, size),
          timeoutMs: this.timeoutMs,
          maxBytes: MAX_PNG_BYTES,
        }),
      );
    } catch (error) {
      if (error instanceof ToolError && error.failure === 'missing') {
        this.missing.add(command);
        return noTool(command);
      }
      this.options.log?.(`No thumbnail of a ${kind}: ${error instanceof Error ? error.message : 'failed'}`);
      return {
        kind: 'fallback',
        reason: 'failed',
        message:
          error instanceof ToolError && error.failure === 'timeout'
            ? 'Making its picture took too long.'
            : 'Its picture could not be made: the file may be damaged. Open it to check.',
      };
    }
    if (png.length < PNG_SIGNATURE.length || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
      return {
        kind: 'fallback',
        reason: 'failed',
        message: 'Its picture could not be made: the file may be damaged. Open it to check.',
      };
    }
    this.made += 1;
    await this.store(path, png).catch((error: unknown) => {
      // Shown all the same; only made again next time.
      this.options.log?.(`A thumbnail could not be kept: ${(error as Error).message}`);
    });
    return { kind: 'picture', png, fromCache: false };
  }

  private async readCached(path: string): Promise<Buffer | null> {
    const handle = await open(path, READ_FLAGS).catch(() => null);
    if (!handle) return null;
    try {
      const stats = await handle.stat();
      if (!stats.isFile() || stats.size > MAX_PNG_BYTES) return null;
      const bytes = await handle.readFile();
      return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? bytes : null;
    } finally {
      await handle.close();
    }
  }

  /** Written under a temporary name first, so a half-written picture is never read as a whole one. */
  private async store(path: string, png: Buffer): Promise<void> {
    if (!this.folderReady) {
      ensurePrivateFolder(this.options.dir);
      this.folderReady = true;
    }
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, CREATE_FLAGS, PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(png);
      await handle.chmod(PRIVATE_FILE_MODE);
    } finally {
      await handle.close();
    }
    await rename(temporary, path).catch(async (error: unknown) => {
      await rm(temporary, { force: true });
      throw error;
    });
  }
}

function noTool(command: string): ThumbnailAnswer {
  return {
    kind: 'fallback',
    reason: 'no-tool',
    message: `${command} is not installed on this computer, so the app shows the file itself.`,
  };
}

/** The first frame (of a video; an image has only one), scaled to fit `size` × `size`, as PNG on stdout. */
export function ffmpegArgs(path: string, size: ThumbnailSize): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-threads',
    '1',
    // Local files only: a crafted file cannot make ffmpeg fetch anything from the network.
    '-protocol_whitelist',
    'file',
    '-ss',
    '0',
    // file: so that no part of the name is taken for a protocol or an option.
    '-i',
    `file:${path}`,
    '-frames:v',
    '1',
    '-an',
    '-vf',
    `scale=w='min(${size},iw)':h='min(${size},ih)':force_original_aspect_ratio=decrease`,
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ];
}

/** The first page, its longer side `size` pixels, as PNG on stdout. */
export function pdftoppmArgs(path: string, size: ThumbnailSize): string[] {
  return ['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to', String(size), path];
}
