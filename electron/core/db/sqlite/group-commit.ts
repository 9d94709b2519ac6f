// Writes that come in the same moment committed together (a group commit): each write is queued and
// answered once the transaction that holds it is on disk, one sync of the history for them all. Downloads
// finishing or queued together (500 outputs of a batch) cost a few commits, not one each. A failed
// transaction is written again one statement at a time, so that a bad write fails alone.
import type { Database } from 'better-sqlite3';

interface Waiting {
  write: () => void;
  done: () => void;
  failed: (error: unknown) => void;
}

export class GroupCommit {
  private waiting: Waiting[] = [];

  constructor(private readonly db: Database) {}

  /** Queues `write` (synchronous statements) for the next commit; resolves once it is on disk. */
  write(write: () => void): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ write, done, failed });
      // After this turn's callbacks: the writes they queue join the same transaction.
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Commits what is queued now: before a read, so that a read sees every write asked for before it. */
  flush(): void {
    const writes = this.waiting;
    if (writes.length === 0) return;
    this.waiting = [];
    try {
      this.db.transaction(() => {
        for (const { write } of writes) write();
      })();
    } catch {
      for (const { write, done, failed } of writes) {
        try {
          write();
          done();
        } catch (error) {
          failed(error);
        }
      }
      return;
    }
    for (const { done } of writes) done();
  }
}
