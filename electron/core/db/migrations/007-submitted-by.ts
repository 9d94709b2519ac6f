// Version 7: who submitted each job (issue 19), the display name current when the job was recorded. Jobs
// recorded before keep NULL: the screens say "Earlier (name not kept)" rather than guess a name.
import type { Migration } from './types';

export const submittedBy: Migration = {
  version: 7,
  name: 'submitted by',
  up(db) {
    db.exec(`ALTER TABLE jobs ADD COLUMN submitted_by TEXT`);
  },
};
