// Before a file given to an image or audio field (@file) is read: whether the account can take uploads at
// all. Where it cannot, the core's reason, and how to give it a bucket: `jrs accounts storage` for a saved
// account, the JRS_S3_* variables for the JRS_BASE_URL one; or a web address instead of the file.
import { CliError } from './cli-error';
import type { CoreSession } from './core-session';
import { S3_ENV_HINT } from './env-storage';
import { EXIT } from './exit-codes';

const OR_ADDRESS = 'Or give the field a web address (https://…) instead of @file.';

/** How to set up storage for the account this run works on, in one line. */
export async function storageHint(session: CoreSession): Promise<string> {
  if (session.envAccountId) return `For the JRS_BASE_URL account: ${S3_ENV_HINT} ${OR_ADDRESS}`;
  const snapshot = await session.call('accounts:snapshot');
  const name = snapshot.accounts.find((account) => account.id === snapshot.activeId)?.name ?? 'ACCOUNT';
  return `Set up its storage: jrs accounts storage ${JSON.stringify(name)} --endpoint URL --bucket NAME --access-key-id ID (the secret on stdin; see jrs accounts storage --help). ${OR_ADDRESS}`;
}

/** Throws, in words with the way out, when the run's account cannot upload files; nothing was sent. */
export async function requireUploads(session: CoreSession): Promise<void> {
  let reason: string | null;
  try {
    const capability = await session.call('assets:capability');
    reason = capability.available ? null : (capability.reason ?? 'This account cannot take uploads.');
  } catch (error) {
    // Storage set up but not usable (its secret gone from the keychain): the same way out.
    if (!(error instanceof CliError) || error.kind !== 'storage') throw error;
    reason = error.message;
  }
  if (reason !== null) throw new CliError(reason, EXIT.error, await storageHint(session), 'storage');
}
