// JRS_BASE_URL + JRS_API_KEY: an account for one run, for scripts and CI without a keychain. Its key stays
// in this process's memory and the account in no file (the core's session accounts), so nothing lingers
// even if the run is killed. Its id is derived from the address and the key (scrypt, so the id gives the
// key away to no one), the same on every run: its history, settings and unfinished batches are found again.
// JRS_S3_* give it a bucket for its uploads, for the run too.
import type { SessionAccount } from '../core/accounts/accounts';
import { sharedAccountId } from '../core/accounts/shared-account-id';
import { newAccountSchema } from '../shared/domain/account';
import { UsageError } from './cli-error';
import { envStorage } from './env-storage';

type Env = Readonly<Record<string, string | undefined>>;

const HINT = 'Set both JRS_BASE_URL and JRS_API_KEY (e.g. http://127.0.0.1:8787 and its key), or neither.';

/** The id of the run's account: the one the same account has on every computer (shared-account-id.ts). */
export const envAccountId = sharedAccountId;

/** The run's account from the environment; null when neither variable is set. */
export function envAccount(env: Env): SessionAccount | null {
  const baseUrl = env['JRS_BASE_URL']?.trim() ?? '';
  const apiKey = env['JRS_API_KEY']?.trim() ?? '';
  if (!baseUrl && !apiKey) return null;
  if (!baseUrl) throw new UsageError('JRS_API_KEY is set but JRS_BASE_URL is not.', HINT);
  if (!apiKey) throw new UsageError('JRS_BASE_URL is set but JRS_API_KEY is not.', HINT);
  // The same rules as an account added in the app; the messages never quote the key.
  const checked = newAccountSchema.safeParse({ name: 'Environment', baseUrl, apiKey });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const variable = issue?.path[0] === 'apiKey' ? 'JRS_API_KEY' : 'JRS_BASE_URL';
    throw new UsageError(`${variable}: ${issue?.message ?? 'not valid'}`, HINT);
  }
  const address = checked.data.baseUrl.replace(/\/+$/, '');
  // Its uploads go to the bucket JRS_S3_* name, if they name one (env-storage.ts).
  const storage = envStorage(env);
  return {
    id: envAccountId(address, checked.data.apiKey),
    name: `JRS_BASE_URL (${new URL(address).host})`,
    baseUrl: address,
    apiKey: checked.data.apiKey,
    ...(storage ? { storage } : {}),
  };
}
