// One service account's id on every computer: derived from its address and its key, so that colleagues who
// each keep the account's key in their own keychain (and the command line's JRS_BASE_URL account) meet in a
// team's history under one id. A slow hash (scrypt) salted by the address: the id gives the key away to no
// one, though it sits in a database the whole team reads.
import { scryptSync } from 'node:crypto';

/** 24 hex characters after `env-` (the prefix the command line's accounts have had from the start). */
export function sharedAccountId(baseUrl: string, apiKey: string): string {
  const hash = scryptSync(apiKey, `jrs-env-account\u0000${baseUrl}`, 12, { N: 16_384, r: 8, p: 1 });
  return `env-${hash.toString('hex')}`;
}

/** Whether an id is one derived so (an account's id elsewhere is this computer's own, a UUID). */
export function isSharedAccountId(id: string): boolean {
  return /^env-[0-9a-f]{24}$/.test(id);
}
