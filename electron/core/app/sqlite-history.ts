// One person's history: a SQLite file in the data folder, shared by the app, the browser host and the
// command line of this computer, one of which does all the background work at a time (history-lease.ts).
import { join } from 'node:path';
import { historyFault, withHistoryFaults } from '../db/history-faults';
import { HistoryFileWatch } from '../db/history-file-watch';
import { openDatabase } from '../db/open-database';
import { HistoryLease } from '../db/sqlite/history-lease';
import { sqliteStores } from '../db/sqlite/sqlite-stores';
import type { Clock, Timers } from '../kernel/ports';
import type { AppCoreDeps } from './app-core.types';
import type { OpenedHistory } from './opened-history';

export interface SqliteHistoryDeps {
  dataDir: string;
  clock: Clock;
  timers: Timers;
  lease?: AppCoreDeps['lease'];
  /** Something new the person must know about the history file (set aside, lost). */
  onNotice(message: string): void;
  log?: (line: string) => void;
}

export function openSqliteHistory(deps: SqliteHistoryDeps): OpenedHistory {
  const { clock, timers } = deps;
  const path = join(deps.dataDir, 'history.sqlite');
  const { db, notice, readOnly } = openDatabase(path, () => clock.now());
  // The latest thing the person must know about the history file (`jobs:notice` answers it, and each new
  // one is said): a damaged file set aside at start, the file lost while the app runs.
  let latestNotice = notice;
  if (notice) deps.log?.(notice);
  const watch = new HistoryFileWatch({
    db,
    path,
    readOnly,
    clock,
    timers,
    onNotice: (message) => {
      latestNotice = message;
      deps.log?.(message);
      deps.onNotice(message);
    },
    log: deps.log,
  });
  let lease: HistoryLease | null = null;
  return {
    stores: sqliteStores(db),
    // Alone on this computer's history, one lease answers for every piece of background work.
    holds: () => lease?.isOwner ?? false,
    isOwner: () => lease?.isOwner ?? false,
    readOnly,
    notice: () => latestNotice,
    async start(events) {
      // A read-only history is shown as it is: this process never becomes the owner (which writes), so no
      // background work starts, and a change asked for is refused in words (history-faults.ts).
      if (!readOnly) {
        lease = new HistoryLease({
          db,
          clock,
          timers,
          ...deps.lease,
          onGained: () => events.gained(),
          onOtherWrites: () => events.otherWrites(),
          log: deps.log,
        });
        await lease.start();
      }
      watch.start();
    },
    // SQLite's failures (a read-only, full or failing disk) said in words naming the history file.
    withFaults: (handlers) => withHistoryFaults(handlers, (error) => historyFault(error, path)),
    // A history file lost since the last look is said now.
    lastLook: () => watch.check(),
    // One lease answers for every account of one person's history.
    accountsChanged: async () => undefined,
    async release() {
      // The next owner settles `submitting` rows as cut off.
      lease?.dispose();
    },
    async close() {
      // Writes queued for a shared commit (group-commit.ts) are committed at the next turn: before closing.
      await new Promise<void>((resolve) => setImmediate(resolve));
      // A history file lost while the app ran gets this run's last writes before the database closes.
      await watch.dispose();
      db.close();
    },
  };
}
