// The accounts of a team's history (issue 19): this computer's own accounts (each under the id it has on
// every computer) are made known to the team, and the team's others are listed here read-only (no key on
// this computer: their jobs are seen, nothing is sent for them until the person adds the key).
import type { AccountDirectory, SharedAccountRecord } from '../accounts/account-directory';
import type { Accounts } from '../accounts/accounts';
import { isSharedAccountId } from '../accounts/shared-account-id';

export interface TeamAccounts {
  /** Publishes this computer's accounts and lists the team's others; awaited before the work starts. */
  start(): Promise<void>;
  /** Publishes the accounts not published yet (one already known is not written again); never throws. */
  publish(): Promise<void>;
}

export function teamAccounts(
  accounts: Accounts,
  directory: AccountDirectory,
  log?: (line: string) => void,
): TeamAccounts {
  const published = new Set<string>();
  // Only accounts whose key is here and whose id is the shared one: a colleague could not meet another.
  const own = (): SharedAccountRecord[] =>
    accounts.registry
      .list()
      .filter(
        (account) =>
          account.kind === 'remote' &&
          account.storage !== 'team' &&
          isSharedAccountId(account.id) &&
          !published.has(account.id),
      )
      .map((account) => ({ id: account.id, name: account.name, baseUrl: account.baseUrl }));

  const publish = async () => {
    try {
      const records = own();
      await directory.publish(records);
      for (const record of records) published.add(record.id);
    } catch (error) {
      log?.(`The team could not be told of this computer's accounts now: ${(error as Error).message}`);
    }
  };

  return {
    async start() {
      // A history this app may only read (a newer app's) is not written to: the list is still read.
      await publish();
      const known = await directory.list();
      const others = known.filter((record) => !accounts.registry.find(record.id));
      accounts.registry.addTeamAccounts(
        others.map((record) => ({
          id: record.id,
          name: record.name,
          baseUrl: record.baseUrl,
          keyLast4: '',
          kind: 'remote',
          storage: 'team',
        })),
      );
      // Said as a missing key: the way on is to add it (the same account then works here).
      for (const record of others) accounts.health.set(record.id, 'key-missing');
    },
    publish,
  };
}
