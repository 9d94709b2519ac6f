// Moving one's own history into the team's: one explicit step that copies this computer's SQLite history
// into the team database (never changing or deleting it here), and can be run again without doubling
// anything (copy-sqlite-history.ts). Downloads become this computer's records there.
import { join } from 'node:path';
import { sharedIdsOfSaved } from '../accounts/accounts';
import type { SecretStore } from '../accounts/secret-store';
import { copySqliteHistory, type CopyCounts, type CopyProgress } from '../db/postgres/copy-sqlite-history';
import { openTeamDatabase } from '../db/postgres/open-team-database';
import { AppError } from '../kernel/app-error';
import { computerId } from './computer-id';
import { defaultDisplayName } from './display-name';
import { redactedAddress } from './team-connection';

export interface CopiedHistory {
  /** The team database's address without its password. */
  readonly address: string;
  readonly from: string;
  readonly counts: CopyCounts;
}

export async function copyHistoryToTeam(
  url: string,
  dataDir: string,
  options: {
    submittedBy?: string;
    onProgress?: (progress: CopyProgress) => void;
    /** Where this computer's account keys are: each account's jobs go in under the id it has on the team. */
    keychain?: SecretStore;
  } = {},
): Promise<CopiedHistory> {
  const from = join(dataDir, 'history.sqlite');
  const database = await openTeamDatabase(url);
  try {
    if (!database.schema.writable)
      throw new AppError(
        'invalid-input',
        'A newer version of the app made the team history: update this app to copy into it.',
      );
    const counts = await copySqliteHistory({
      sqlitePath: from,
      pool: database.pool,
      computerId: computerId(dataDir),
      submittedBy: options.submittedBy ?? defaultDisplayName(),
      onProgress: options.onProgress,
      accountIds: options.keychain ? await sharedIdsOfSaved(dataDir, options.keychain) : undefined,
    });
    return { address: redactedAddress(url), from, counts };
  } finally {
    await database.close();
  }
}
