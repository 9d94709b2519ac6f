// Which batch each spreadsheet became, so that running the same `jrs batch` again goes on with that batch
// instead of sending its rows a second time: cli-batches.json in the data folder, keyed by the account,
// the project and the sheet's SHA-256. An entry is written before the batch is submitted and completed
// with its id after, so that a run killed in between still finds the batch it created (by its name and
// time) rather than making another.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { BatchView } from '../../shared/domain/batch';

const entrySchema = z.object({
  accountId: z.string().min(1),
  projectId: z.string().min(1),
  sheetSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The batch's name (the sheet's file name), to recognise it when the run stopped before `batchId`. */
  name: z.string(),
  /** When its submission began (ms): the batch it made was created after. */
  startedAt: z.number(),
  batchId: z.string().nullable(),
});
export type MemoEntry = z.infer<typeof entrySchema>;
export type MemoKey = Pick<MemoEntry, 'accountId' | 'projectId' | 'sheetSha256'>;

const fileSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) });
type MemoFile = z.infer<typeof fileSchema>;

export type Found = { entry: MemoEntry; batch: BatchView } | { entry: MemoEntry; batch: null };

const sameKey = (entry: MemoEntry, key: MemoKey) =>
  entry.accountId === key.accountId &&
  entry.projectId === key.projectId &&
  entry.sheetSha256 === key.sheetSha256;

export class SheetMemo {
  private constructor(
    private readonly path: string,
    private file: MemoFile,
  ) {}

  static async open(dataDir: string): Promise<SheetMemo> {
    const path = join(dataDir, 'cli-batches.json');
    let file: MemoFile = { version: 1, entries: [] };
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      // A damaged memo only costs resuming: the batches themselves are in the history.
      if (parsed.success) file = parsed.data;
    } catch {
      // None yet.
    }
    return new SheetMemo(path, file);
  }

  /**
   * The batch this sheet last became (among the account's `batches`), or the entry of a submission that
   * never came back with its id (its batch claimed now if it was created after all), or null.
   */
  async find(key: MemoKey, batches: readonly BatchView[]): Promise<Found | null> {
    const entry = this.file.entries.filter((candidate) => sameKey(candidate, key)).at(-1);
    if (!entry) return null;
    if (entry.batchId) {
      const batch = batches.find((candidate) => candidate.id === entry.batchId);
      // A batch removed from the history since: the sheet is new again.
      return batch ? { entry, batch } : null;
    }
    const claimed = new Set(this.file.entries.map((known) => known.batchId));
    const made = batches
      .filter(
        (batch) =>
          batch.accountId === key.accountId &&
          batch.projectId === key.projectId &&
          batch.name === entry.name &&
          Date.parse(batch.createdAt) >= entry.startedAt &&
          !claimed.has(batch.id),
      )
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0];
    if (!made) return { entry, batch: null };
    await this.settle(entry, made.id);
    return { entry, batch: made };
  }

  /** Written before the submission: from now on, a batch of this name and project is this sheet's. */
  async begin(key: MemoKey, name: string, now: number, reuse: MemoEntry | null): Promise<MemoEntry> {
    const entry: MemoEntry = { ...key, name, startedAt: now, batchId: null };
    this.file.entries = [...this.file.entries.filter((known) => known !== reuse), entry];
    await this.save();
    return entry;
  }

  async settle(entry: MemoEntry, batchId: string): Promise<void> {
    entry.batchId = batchId;
    await this.save();
  }

  private async save(): Promise<void> {
    await mkdir(join(this.path, '..'), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(this.file, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, this.path);
  }
}
