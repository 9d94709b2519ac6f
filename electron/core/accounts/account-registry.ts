// The list of accounts the person keeps and which one is active, saved in accounts.json (never a key).
// The desktop app, the browser host and the command line may share the file: each change is made to the
// list as it is on disk then (one change at a time in this process, under the file's lock across
// processes), and an account another process added is found when asked for. A file that cannot be read is
// never taken for an empty list: changes are refused in words and the view is kept.
import type { AccountFile, AccountFileStore, StoredAccount } from './account-file';
import { AppError } from '../kernel/app-error';

/**
 * The sandbox's key is made by the app at each start: whatever an older file says (its key in the
 * keychain, or for a session), it is `app`, with no key hint (the hint would name a key that is gone).
 */
function upgraded(account: StoredAccount): StoredAccount {
  return account.kind === 'sandbox' && account.storage !== 'app'
    ? { ...account, storage: 'app', keyLast4: '' }
    : account;
}

export class AccountRegistry {
  private file: AccountFile = { version: 1, activeId: null, accounts: [] };
  /** The command line's JRS_BASE_URL account: this process's only, never in the file. */
  private readonly transient: StoredAccount[] = [];
  private transientActive = false;
  /** This process's changes, one after another (each reads the file the one before wrote). */
  private changes: Promise<unknown> = Promise.resolve();
  /** Why the list on screen may not be the whole list (the file could not be read); null when it is. */
  private unread: AppError | null = null;
  /** A damaged file was set aside at start: its accounts are not in the list this run. */
  private setAside = false;
  /**
   * On a team's history, a saved account goes by the id it has on every computer (shared-account-id.ts):
   * its id in accounts.json → that id. The file keeps its own ids (this computer's history uses them).
   */
  private readonly sharedIds = new Map<string, string>();
  /** Accounts the team's history knows that this computer keeps no key for: shown, read-only. */
  private readonly teamOnly: StoredAccount[] = [];

  constructor(private readonly store: AccountFileStore) {}

  async load(log?: (line: string) => void): Promise<void> {
    try {
      const loaded = await this.store.read(log);
      this.setAside = loaded.setAside !== null;
      this.adopt(loaded.file);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The app still opens (its history, the sandbox); the list stays empty and every change is refused.
      this.unread = error;
      log?.(error.message);
      this.adopt({ version: 1, activeId: null, accounts: [] });
    }
  }

  /**
   * Reads the file again (another process may have added or removed an account). When it cannot be read,
   * the list as it was is kept; false then.
   */
  refresh(): boolean {
    try {
      this.adopt(this.store.readSync());
      this.unread = null;
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.unread = error;
      return false;
    }
  }

  /** Reads the file again, or throws in words why it cannot be (before anything is kept for a change). */
  reread(): void {
    if (!this.refresh() && this.unread) throw this.unread;
  }

  /**
   * Whether the list is known to be every account there is, read afresh now: false when the file cannot be
   * read or a damaged one was set aside this run. Jobs are set aside as orphans only when it is.
   */
  isWhole(): boolean {
    return this.refresh() && !this.setAside;
  }

  /** From now on this saved account goes by `sharedId` (its id in the team's history). */
  shareAs(fileId: string, sharedId: string): void {
    if (fileId !== sharedId) this.sharedIds.set(fileId, sharedId);
    this.adopt({ ...this.file, accounts: this.file.accounts.filter((a) => !this.isExtra(a)) });
  }

  /** The id an account has in accounts.json (and its key in the keychain or key file). */
  fileIdOf(id: string): string {
    for (const [fileId, sharedId] of this.sharedIds) if (sharedId === id) return fileId;
    return id;
  }

  private presentedId(fileId: string | null): string | null {
    return fileId === null ? null : (this.sharedIds.get(fileId) ?? fileId);
  }

  /**
   * Adds the team's accounts this computer has no key for (read-only: their jobs are seen, nothing is sent);
   * one kept here already is left as it is.
   */
  addTeamAccounts(accounts: readonly StoredAccount[]): void {
    for (const account of accounts) {
      if (this.file.accounts.some((known) => known.id === account.id)) continue;
      this.teamOnly.push({ ...account, storage: 'team', keyLast4: '' });
    }
    this.adopt({ ...this.file, accounts: this.file.accounts.filter((a) => !this.isExtra(a)) });
  }

  /** This process's own entries (the run's account, the team's), not the file's: told apart by identity. */
  private isExtra(account: StoredAccount): boolean {
    return this.transient.includes(account) || this.teamOnly.includes(account);
  }

  private adopt(file: AccountFile): void {
    const activeId = this.transientActive ? this.file.activeId : this.presentedId(file.activeId);
    const saved = file.accounts
      .map(upgraded)
      .map((account) => ({ ...account, id: this.presentedId(account.id) ?? account.id }));
    const extras = [...this.transient, ...this.teamOnly].filter(
      (extra) => !saved.some((account) => account.id === extra.id),
    );
    this.file = { ...file, accounts: [...saved, ...extras], activeId };
    // One account is always active when there is any.
    if (!this.file.accounts.some((account) => account.id === this.file.activeId)) {
      this.file.activeId = this.file.accounts[0]?.id ?? null;
    }
  }

  list(): readonly StoredAccount[] {
    return this.file.accounts;
  }

  get activeId(): string | null {
    return this.file.activeId;
  }

  /** The account; one another process added since this one read the file is found too. */
  find(id: string): StoredAccount | undefined {
    const known = this.file.accounts.find((account) => account.id === id);
    if (known) return known;
    this.refresh();
    return this.file.accounts.find((account) => account.id === id);
  }

  /** The account, or an error a person can act on when it was removed meanwhile. */
  require(id: string): StoredAccount {
    const account = this.find(id);
    if (!account) throw new AppError('no-account', 'That account is no longer in the list.');
    return account;
  }

  active(): StoredAccount {
    const account = this.file.activeId ? this.find(this.file.activeId) : undefined;
    if (!account) throw new AppError('no-account', 'Choose an account first, or try the built-in sandbox.');
    return account;
  }

  sandbox(): StoredAccount | undefined {
    return this.file.accounts.find((account) => account.kind === 'sandbox');
  }

  /** The saved account with this name at this address (the one a person is giving the key of again). */
  sameAs(name: string, baseUrl: string): StoredAccount | undefined {
    const wanted = name.trim().toLowerCase();
    return this.file.accounts.find(
      (account) =>
        account.kind === 'remote' &&
        account.storage !== 'environment' &&
        account.baseUrl === baseUrl &&
        account.name.trim().toLowerCase() === wanted,
    );
  }

  /**
   * Adds an account for this process only (the command line's JRS_BASE_URL one) and makes it active,
   * without writing the file: accounts.json never names it, even if the process is killed.
   */
  addForSession(account: StoredAccount): void {
    if (account.storage !== 'environment') throw new Error('Only an environment account is added for a run.');
    this.transient.push(account);
    this.transientActive = true;
    this.file.accounts = [...this.file.accounts.filter((known) => known.id !== account.id), account];
    this.file.activeId = account.id;
  }

  /** Adds the account, or replaces the one with its id (given its key again), and makes it the active one. */
  async add(account: StoredAccount): Promise<void> {
    const saved = { ...account, id: this.fileIdOf(account.id) };
    await this.change((file) => ({
      ...file,
      accounts: [...file.accounts.filter((known) => known.id !== saved.id), saved],
      activeId: saved.id,
    }));
  }

  async activate(id: string): Promise<void> {
    const account = this.require(id);
    // A team account without a key here is in no file: it is made active for this process only.
    if (account.storage === 'team') {
      this.transientActive = true;
      this.file.activeId = id;
      return;
    }
    await this.change((file) => ({ ...file, activeId: this.fileIdOf(id) }));
  }

  /** Removes the account from the list; the next one becomes active. */
  async remove(id: string): Promise<void> {
    id = this.fileIdOf(id);
    await this.change((file) => {
      const accounts = file.accounts.filter((account) => account.id !== id);
      return {
        ...file,
        accounts,
        activeId: file.activeId === id ? (accounts[0]?.id ?? null) : file.activeId,
      };
    });
  }

  /**
   * Applies a change to the file as it is on disk now, writes it, then takes it as this process's view.
   * Changes run one at a time: a second one waits for the first's write and reads what it wrote.
   */
  private change(apply: (file: AccountFile) => AccountFile): Promise<void> {
    const run = async () => {
      const changed = await this.store.update((onDisk) =>
        apply({ ...onDisk, accounts: onDisk.accounts.map(upgraded) }),
      );
      this.unread = null;
      this.transientActive = false;
      this.adopt(changed);
      this.file.activeId = this.presentedId(changed.activeId);
    };
    const next = this.changes.then(run, run);
    this.changes = next.catch(() => undefined);
    return next;
  }
}
