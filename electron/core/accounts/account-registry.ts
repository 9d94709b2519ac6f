// The list of accounts the person keeps and which one is active, saved in accounts.json (never a key).
import type { AccountFile, AccountFileStore, StoredAccount } from './account-file';
import { AppError } from '../app/app-error';

export class AccountRegistry {
  private file: AccountFile = { version: 1, activeId: null, accounts: [] };

  constructor(private readonly store: AccountFileStore) {}

  async load(log?: (line: string) => void): Promise<void> {
    this.file = await this.store.read(log);
    // One account is always active when there is any (the last active one may have been session-only).
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

  find(id: string): StoredAccount | undefined {
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

  /**
   * Adds an account for this process only (storage `session`) and makes it active, without writing the
   * file: accounts.json never names it, even if the process is killed.
   */
  addForSession(account: StoredAccount): void {
    if (account.storage !== 'session') throw new Error('Only a session account is added for a session.');
    this.file.accounts = [...this.file.accounts.filter((known) => known.id !== account.id), account];
    this.file.activeId = account.id;
  }

  /** Adds the account and makes it the active one. */
  async add(account: StoredAccount): Promise<void> {
    this.file.accounts.push(account);
    this.file.activeId = account.id;
    await this.store.write(this.file);
  }

  async activate(id: string): Promise<void> {
    this.require(id);
    this.file.activeId = id;
    await this.store.write(this.file);
  }

  /** Removes the account from the list; the next one becomes active. */
  async remove(id: string): Promise<void> {
    this.file.accounts = this.file.accounts.filter((account) => account.id !== id);
    if (this.file.activeId === id) this.file.activeId = this.file.accounts[0]?.id ?? null;
    await this.store.write(this.file);
  }
}
