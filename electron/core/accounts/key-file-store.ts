// Keys in owner-only files, where no keychain answers and the person chose it (as gh and VS Code fall
// back): one file per account, `<data folder>/keys/<account id>.key`, mode 0600 in a 0700 folder. Files are
// created exclusively and never opened through a link; one that another user could read, or that is a
// link, a folder or has other names, is refused. Anyone who can read the person's files can read these.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../kernel/app-error';
import type { SecretStore } from './secret-store';

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const { O_CREAT, O_EXCL, O_NOFOLLOW, O_RDONLY, O_WRONLY } = constants;

const uid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

export class KeyFileStore implements SecretStore {
  readonly folder: string;

  constructor(dataDir: string) {
    this.folder = join(dataDir, 'keys');
  }

  /** Where an account's key file is (or would be). */
  pathOf(accountId: string): string {
    if (!SAFE_ID.test(accountId)) throw new AppError('internal', 'That account id cannot name a key file.');
    return join(this.folder, `${accountId}.key`);
  }

  async availability(): Promise<{ available: true }> {
    return { available: true };
  }

  async get(accountId: string): Promise<string | null> {
    const path = this.pathOf(accountId);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path, O_RDONLY | O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw refused(path, error);
    }
    try {
      const stat = await handle.stat();
      const owner = uid();
      if (!stat.isFile() || stat.nlink !== 1 || (owner !== null && stat.uid !== owner)) {
        throw new AppError('keychain', `${path} is not a key file of yours; the app did not read it.`);
      }
      // An older copy, or a hand-made one, that others could read: made owner-only before use.
      if ((stat.mode & 0o077) !== 0) await handle.chmod(0o600);
      const key = (await handle.readFile('utf8')).trim();
      return key || null;
    } finally {
      await handle.close();
    }
  }

  async set(accountId: string, secret: string): Promise<void> {
    const path = this.pathOf(accountId);
    await this.ensureFolder();
    // A new file of our own (O_EXCL: never an existing file or link), then renamed over the old one.
    const temp = join(this.folder, `.${accountId}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(`${secret}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, path);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw refused(path, error);
    }
  }

  async delete(accountId: string): Promise<boolean> {
    try {
      await fs.unlink(this.pathOf(accountId));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** The keys folder: created 0700, and refused when it is a link or another user's. */
  private async ensureFolder(): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true, mode: 0o700 });
    const stat = await fs.lstat(this.folder);
    const owner = uid();
    if (!stat.isDirectory() || (owner !== null && stat.uid !== owner)) {
      throw new AppError('keychain', `${this.folder} is not a folder of yours; no key file was written.`);
    }
    if ((stat.mode & 0o077) !== 0) await fs.chmod(this.folder, 0o700);
  }
}

function refused(path: string, error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return new AppError('keychain', `${path} is a link; the app does not follow it.`);
  return new AppError('keychain', `The key file ${path} could not be used (${code ?? 'error'}).`);
}
