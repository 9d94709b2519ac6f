// Each account's request limit as its 429s taught it, kept in the history's settings between runs (and, on a
// team's history, shared: one key, one limit), so that the next batch starts just under it instead of
// spending its first minutes finding it again. A value that cannot be read is no value: learned anew.
import { z } from 'zod';
import type { SettingsStore } from '../kernel/settings-store';

const KEY = 'jobs.keyLimit';
/** Requests a second; anything else stored there (damaged, another app's) is read as nothing known. */
const limitSchema = z.number().positive().max(100_000).nullable();
/** A limit that moved less than this share since the last write is not written again. */
const CHANGE_WORTH_WRITING = 0.05;

export class KeyLimitMemory {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly log?: (line: string) => void,
  ) {}

  /** The limit kept for the account, or null (none yet, or unreadable). */
  async recall(accountId: string): Promise<number | null> {
    try {
      const known = await this.settings.read(accountId, KEY, limitSchema, null);
      if (known !== null) this.written.set(accountId, known);
      return known;
    } catch (error) {
      this.log?.(`the request limit of account ${accountId} could not be read: ${String(error)}`);
      return null;
    }
  }

  /** Keeps what a 429 taught (in the background: a failed write only means learning it again next run). */
  remember(accountId: string, perSecond: number): void {
    const before = this.written.get(accountId);
    if (before !== undefined && Math.abs(perSecond - before) <= CHANGE_WORTH_WRITING * before) return;
    this.written.set(accountId, perSecond);
    void this.settings.write(accountId, KEY, perSecond).catch((error: unknown) => {
      this.log?.(`the request limit of account ${accountId} could not be kept: ${String(error)}`);
    });
  }
}
