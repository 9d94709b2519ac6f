// The active account's id in accounts.json, for readers that must not load the whole accounts module (and
// zod, a tenth of a second of a command's start): `jrs jobs`' quick path. Only a file exactly as the app
// writes it counts (version 1, the active id one of the listed accounts'); anything else answers null, and
// the caller opens the core, whose reader checks the whole file with its schema and says what is wrong.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function activeAccountId(dataDir: string): string | null {
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8'));
  } catch {
    return null;
  }
  if (!isRecord(file) || file['version'] !== 1 || !Array.isArray(file['accounts'])) return null;
  const activeId = file['activeId'];
  if (typeof activeId !== 'string' || activeId === '') return null;
  const listed = file['accounts'].some((account) => isRecord(account) && account['id'] === activeId);
  return listed ? activeId : null;
}
