// `jrs jobs` read straight from this computer's history file when nothing in it can change by opening the
// core: every job of the active account is settled, the file is at this app's schema, and no team database,
// session account or damaged file is in play. Then opening the core (hundreds of milliseconds: the sandbox,
// the domains, every row of a 10,000-job history made into a view) would print the same list; here only the
// rows shown are read. Anything else answers null, and the command opens the core as before.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { activeAccountId } from '../core/accounts/active-account-id';
import type { SecretStore } from '../core/accounts/secret-store';
import { LATEST_VERSION } from '../core/db/migrations';
import { ensurePrivateDatabase, ensurePrivateFolder } from '../core/db/private-files';
import { writable } from '../core/db/read-only-words';
import { jobOf, type JobRow } from '../core/db/row-mappers';
import { JOB_ORDER } from '../core/db/sqlite/sqlite-jobs';
import { toView } from '../core/jobs/job-mapper';
import { teamHistoryFor } from '../core/team/team-connection';
import type { JobView } from '../shared/domain/job';
import { userDataDir } from '../node-host/host-paths';

type Env = Record<string, string | undefined>;

/** Tracking states a job never leaves by itself (cli/job-words.ts isSettled, in SQL). */
const SETTLED = `('final', 'lost', 'refused', 'unknown')`;

/**
 * The active account's jobs (the first `limit`, or all when `limit` is null) and how many there are, when
 * the history is settled and this computer's own; null when the core must be opened to answer.
 */
export async function readSettledHistory(
  env: Env,
  secrets: () => SecretStore,
  limit: number | null,
): Promise<{ jobs: JobView[]; total: number } | null> {
  // A JRS_BASE_URL account (checked, with its usage errors, by the core's path) or a team for this run.
  if (env['JRS_BASE_URL']?.trim() || env['JRS_API_KEY']?.trim()) return null;
  const dataDir = userDataDir(env);
  const path = join(dataDir, 'history.sqlite');
  const accountId = activeAccountId(dataDir);
  // A history the core would open read-only says so (jobs:notice): leave that to it.
  if (!accountId || !writable(path)) return null;
  if (await teamHistoryFor(secrets(), env)) return null;
  let db: Database.Database | undefined;
  try {
    // The same refusals as the core's open: another user's folder or link, a pipe in the file's place.
    ensurePrivateFolder(dataDir);
    ensurePrivateDatabase(path);
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    if (db.pragma('user_version', { simple: true }) !== LATEST_VERSION) return null;
    const open = db
      .prepare(
        `SELECT 1 FROM jobs WHERE account_id = ? AND archived = 0 AND tracking NOT IN ${SETTLED} LIMIT 1`,
      )
      .get(accountId);
    if (open) return null;
    const total = (
      db.prepare('SELECT COUNT(*) AS n FROM jobs WHERE account_id = ?').get(accountId) as { n: number }
    ).n;
    const sql = `SELECT * FROM jobs WHERE account_id = ? ORDER BY ${JOB_ORDER}${limit === null ? '' : ' LIMIT ?'}`;
    const rows = db.prepare(sql).all(...(limit === null ? [accountId] : [accountId, limit])) as JobRow[];
    // Settled jobs have no expected end: the core's view says null for them too.
    return { jobs: rows.map((row) => toView(jobOf(row), null)), total };
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
