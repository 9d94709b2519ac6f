// accounts.json in the app's data folder: names, addresses and key hints, never a key. Written atomically
// (temp file + rename) so a crash mid-write cannot lose the list.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { keyStorageSchema } from '../../shared/domain/account';

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

export class AccountFileStore {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'accounts.json');
  }

  /** The saved list; a missing file is an empty list, a damaged one is set aside (not lost) and reported. */
  async read(log?: (line: string) => void): Promise<AccountFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return structuredClone(EMPTY);
    }
    try {
      return fileSchema.parse(JSON.parse(text));
    } catch {
      const aside = `${this.path}.damaged-${Date.now()}`;
      await rename(this.path, aside).catch(() => undefined);
      log?.(`accounts.json was damaged and was moved to ${aside}`);
      return structuredClone(EMPTY);
    }
  }

  /** The saved list as it is on disk now (another process may have changed it); empty when unreadable. */
  readSync(): AccountFile {
    try {
      return fileSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch {
      return structuredClone(EMPTY);
    }
  }

  async write(file: AccountFile): Promise<void> {
    // Only the command line's JRS_API_KEY account is never written: it belongs to one run. A session-only
    // account is kept (never its key), so that its jobs and batches are found again after a restart.
    const saved = (account: StoredAccount) => account.storage !== 'environment';
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
