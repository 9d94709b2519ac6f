// accounts.json in the app's data folder: names, addresses and key hints, never a key. Written atomically
// (temp file + rename) so a crash mid-write cannot lose the list; each change is made under a lock file
// (account-file-lock.ts) so that two processes sharing the folder never write over each other's change.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { keyStorageSchema } from '../../shared/domain/account';
import { AppError } from '../kernel/app-error';
import { withFileLock, type FileLockOptions } from './account-file-lock';

export const storedAccountSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Empty for the sandbox account: its address changes every launch. */
  baseUrl: z.string(),
  keyLast4: z.string().max(4),
  kind: z.enum(['sandbox', 'remote']),
  /** Where its key lives; a session-only account is written too (without its key), so that it and its
   * history are there after a restart, its key missing. */
  storage: keyStorageSchema,
});
export type StoredAccount = z.infer<typeof storedAccountSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  accounts: z.array(storedAccountSchema),
});
export type AccountFile = z.infer<typeof fileSchema>;

const EMPTY: AccountFile = { version: 1, activeId: null, accounts: [] };

/** What was read at start: the list, and the file set aside as damaged, if it was. */
export interface LoadedAccountFile {
  file: AccountFile;
  setAside: string | null;
}

export class AccountFileStore {
  readonly path: string;

  constructor(
    dataDir: string,
    private readonly lock: FileLockOptions = {},
  ) {
    this.path = join(dataDir, 'accounts.json');
  }

  /**
   * The saved list at start: a missing file is an empty list, a damaged one (not JSON or not a list) is set
   * aside (not lost) and reported; one that cannot be read at all throws (unreadable()).
   */
  async read(log?: (line: string) => void): Promise<LoadedAccountFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { file: structuredClone(EMPTY), setAside: null };
      throw this.unreadable(error);
    }
    try {
      return { file: fileSchema.parse(JSON.parse(text)), setAside: null };
    } catch {
      const aside = `${this.path}.damaged-${Date.now()}`;
      await rename(this.path, aside).catch(() => undefined);
      log?.(`accounts.json was damaged and was moved to ${aside}`);
      return { file: structuredClone(EMPTY), setAside: aside };
    }
  }

  /**
   * The saved list as it is on disk now (another process may have changed it); empty only when there is no
   * file. One that cannot be read, or is not an account list, throws in words: nothing may be decided (or
   * written back) from a list that only looks empty.
   */
  readSync(): AccountFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(EMPTY);
      throw this.unreadable(error);
    }
    try {
      return fileSchema.parse(JSON.parse(text));
    } catch (error) {
      throw new AppError(
        'storage',
        `The account list (${this.path}) could not be read (it is not an account list this version of the app understands): nothing was changed. Restore it, or move it aside to start an empty list, then try again.`,
        { cause: error },
      );
    }
  }

  /** Reads the list, applies the change and writes it, under the lock: no other process changes it between. */
  async update(apply: (file: AccountFile) => AccountFile): Promise<AccountFile> {
    await mkdir(dirname(this.path), { recursive: true });
    return withFileLock(
      `${this.path}.lock`,
      'The account list',
      async () => {
        const changed = apply(this.readSync());
        await this.write(changed);
        return changed;
      },
      this.lock,
    );
  }

  private unreadable(error: unknown): AppError {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const what =
      code === 'EACCES' || code === 'EPERM'
        ? `Make it readable and writable by you again (for example: chmod 600 "${this.path}"), then try again.`
        : code === 'EISDIR'
          ? 'Something else has its name (a folder): move it away, then try again.'
          : 'Try again in a moment.';
    return new AppError(
      'storage',
      `The account list (${this.path}) could not be read (${code}): nothing was changed. ${what}`,
      { cause: error },
    );
  }

  async write(file: AccountFile): Promise<void> {
    // Only the command line's JRS_API_KEY account is never written: it belongs to one run. A session-only
    // account is kept (never its key), so that its jobs and batches are found again after a restart.
    // A team account without a key here is the team database's, never this file's.
    const saved = (account: StoredAccount) => account.storage !== 'environment' && account.storage !== 'team';
    const persistent: AccountFile = {
      ...file,
      accounts: file.accounts.filter(saved),
      activeId: file.accounts.some((a) => a.id === file.activeId && saved(a)) ? file.activeId : null,
    };
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${randomUUID()}.tmp`;
    await writeFile(temp, `${JSON.stringify(persistent, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, this.path);
  }
}
