// An advisory lock around a change of accounts.json: the desktop app, the browser host and `jrs` share one
// data folder, and each change is a read, a change and a write that must not interleave with another
// process's. The lock is a file made with O_EXCL holding its maker's pid, host and a token; one whose
// maker is dead (same host) or that is older than a few seconds is taken for stale and broken.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { z } from 'zod';
import { AppError } from '../kernel/app-error';

const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY } = constants;

const holderSchema = z.object({ pid: z.number().int(), host: z.string(), token: z.string() });

export interface FileLockOptions {
  /** A lock older than this is stale, its maker alive or not (a change takes milliseconds). */
  staleMs?: number;
  /** How long to wait for another process's change before giving up. */
  waitMs?: number;
  /** The time; injected in tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `use` while holding the lock at `path`. */
export async function withFileLock<T>(
  path: string,
  what: string,
  use: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const token = await acquire(path, what, options);
  try {
    return await use();
  } finally {
    await release(path, token);
  }
}

async function acquire(path: string, what: string, options: FileLockOptions): Promise<string> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const staleMs = options.staleMs ?? 10_000;
  const deadline = now() + (options.waitMs ?? 15_000);
  const token = randomBytes(12).toString('hex');
  const holder = JSON.stringify({ pid: process.pid, host: hostname(), token });
  for (;;) {
    try {
      const handle = await fs.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
      try {
        await handle.writeFile(holder, 'utf8');
      } finally {
        await handle.close();
      }
      return token;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        throw new AppError(
          'storage',
          `${what} could not be changed: its lock file ${path} could not be made (${code ?? 'error'}). Nothing was changed.`,
          { cause: error },
        );
    }
    if (await breakIfStale(path, staleMs, now)) continue;
    if (now() >= deadline)
      throw new AppError(
        'storage',
        `${what} is being changed by another program (the app, the browser host or jrs) that has not finished: nothing was changed. Try again in a moment; if no other program is running, delete ${path}.`,
      );
    await sleep(20 + Math.floor(Math.random() * 30));
  }
}

/** Removes the lock when its maker is gone or it is too old; true when the lock may be tried again. */
async function breakIfStale(path: string, staleMs: number, now: () => number): Promise<boolean> {
  let stat: Awaited<ReturnType<typeof fs.lstat>>;
  let text = '';
  try {
    stat = await fs.lstat(path);
    if (stat.isFile()) text = await fs.readFile(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  const parsed = holderSchema.safeParse(safeJson(text));
  const deadHolder = parsed.success && parsed.data.host === hostname() && !alive(parsed.data.pid);
  if (!deadHolder && now() - stat.mtimeMs < staleMs) return false;
  // Moved aside under a name of our own, then checked to be the lock judged stale: another process may
  // have broken it and made a fresh one in between, which is put back.
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(path, aside);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  const moved = await fs.lstat(aside).catch(() => null);
  if (moved && moved.ino !== stat.ino) await fs.link(aside, path).catch(() => undefined);
  await fs.rm(aside, { force: true });
  return true;
}

async function release(path: string, token: string): Promise<void> {
  // Only our own lock: one judged stale and broken meanwhile may be another process's now.
  const text = await fs.readFile(path, 'utf8').catch(() => '');
  const parsed = holderSchema.safeParse(safeJson(text));
  if (parsed.success && parsed.data.token === token) await fs.rm(path, { force: true });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
