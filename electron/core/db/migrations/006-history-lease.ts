// Version 6: who does the history's background work. The app, the browser host and the command line may
// run at once on one history; one of them at a time holds this lease and polls, sends batches and
// downloads, the others read what it writes. A holder that dies stops renewing it, and another takes over
// (at once when the holder's process is known to be gone from this computer).
import type { Migration } from './types';

export const historyLease: Migration = {
  version: 6,
  name: 'history lease',
  up(db) {
    db.exec(`
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_ms INTEGER NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL
      );
    `);
  },
};
