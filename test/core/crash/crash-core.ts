// The app core as the crash tests and their child processes open it on one data folder: keys in a file
// (the child and the test share it), downloads under the folder, and no built-in sandbox account.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { AppCoreDeps } from '../../../electron/core/app/app-core.types';
import { FileSecretStore } from '../../fixtures/file-secret-store';

export function crashCoreDeps(dataDir: string): AppCoreDeps {
  return {
    dataDir,
    downloadsDir: join(dataDir, 'Downloads'),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    sandbox: { start: () => Promise.reject(new Error('no sandbox account here')) },
  };
}

/**
 * Waits (on events, not a clock) until `look` finds something in the child's history database, read
 * afresh each turn; fails at once if the child exits first, with what it printed.
 */
export async function untilChildHistory<T>(
  dbPath: string,
  child: ChildProcess,
  look: (db: Database.Database) => T | undefined,
): Promise<T> {
  let exited = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the child exited early: ${stderr}`);
    let found: T | undefined;
    try {
      const db = new Database(dbPath, { readonly: true, fileMustExist: true });
      try {
        found = look(db);
      } finally {
        db.close();
      }
    } catch {
      // Not created yet, or mid-migration.
    }
    if (found !== undefined) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
