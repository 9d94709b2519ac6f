// The team's list of service accounts (issue 19): names and addresses under the id every computer gives the
// account (shared-account-id.ts), never a key. Each computer publishes the accounts it keeps a key for and
// lists the others read-only. One person's history has none: accounts.json is their whole list.

export interface SharedAccountRecord {
  readonly id: string;
  readonly name: string;
  readonly baseUrl: string;
}

export interface AccountDirectory {
  /** Every account the team's history knows. */
  list(): Promise<SharedAccountRecord[]>;
  /** Makes these accounts known to the team; one known already keeps the name it was first given. */
  publish(records: readonly SharedAccountRecord[]): Promise<void>;
}
