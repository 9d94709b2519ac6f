// accounts.json in the app's data folder: names, addresses and key hints, never a key. Written atomically
// (temp file + rename) so a crash mid-write cannot lose the list.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const storedAccountSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Empty for the sandbox account: its address changes every launch. */
  baseUrl: z.string(),
  keyLast4: z.string().max(4),
  kind: z.enum(['sandbox', 'remote']),
  storage: z.enum(['keychain', 'session']),
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

  async write(file: AccountFile): Promise<void> {
    // Session-only accounts live in memory alone: saving them would leave a name with no key behind.
    const persistent: AccountFile = {
      ...file,
      accounts: file.accounts.filter((account) => account.storage === 'keychain'),
      activeId: file.accounts.some((a) => a.id === file.activeId && a.storage === 'keychain')
        ? file.activeId
        : null,
    };
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${randomUUID()}.tmp`;
    await writeFile(temp, `${JSON.stringify(persistent, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, this.path);
  }
}
