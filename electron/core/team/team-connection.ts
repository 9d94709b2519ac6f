// Where the team database's address lives: JRS_DATABASE_URL for one run (never written anywhere), else the
// address saved in this installation's keychain (it holds a password, so never in a file or a log). The
// one place the command line, the app's settings and the team store's wiring read it from.
import type { SecretStore } from '../accounts/secret-store';
import { parseConnectionString, whereOf } from '../db/postgres/connection-string';
import { AppError } from '../kernel/app-error';

/** The keychain entry holding the saved address (account ids are UUIDs: no account can take this name). */
export const TEAM_DATABASE_SECRET = 'team-database';

/** The environment variable that gives the address for one run. */
export const TEAM_DATABASE_ENV = 'JRS_DATABASE_URL';

/** Where the address in use comes from: the run's environment wins over the keychain. */
export type TeamAddressSource = 'environment' | 'keychain';

export interface TeamAddress {
  readonly source: TeamAddressSource;
  /** The whole address, password included: only for connecting, never to be shown. */
  readonly url: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const KEYCHAIN_HINT = `Give it for each run instead: ${TEAM_DATABASE_ENV}=postgres://… in the environment (never saved).`;

/**
 * The address without its password, to show and log: `postgres://ana@db.example.com:5432/studio`
 * (`?sslmode=…` kept when set). Throws the AppError invalid-input (in words, without the address) when
 * the text is not an address.
 */
export function redactedAddress(url: string): string {
  const { address, ssl } = parseConnectionString(url);
  const user = encodeURIComponent(address.user);
  const database = encodeURIComponent(address.database);
  const mode = ssl === false ? '' : ssl.rejectUnauthorized ? '?sslmode=verify-full' : '?sslmode=require';
  return `postgres://${user}@${whereOf(address)}/${database}${mode}`;
}

/** Whether an address carries a password (one typed where others can see it must be refused). */
export function hasPassword(text: string): boolean {
  try {
    return new URL(text.trim()).password !== '';
  } catch {
    return false;
  }
}

export class TeamConnectionStore {
  constructor(
    private readonly secrets: SecretStore,
    private readonly env: Env,
  ) {}

  /** The address this run uses: JRS_DATABASE_URL when set, else the saved one, else null. */
  async current(): Promise<TeamAddress | null> {
    const fromEnv = this.env[TEAM_DATABASE_ENV]?.trim();
    if (fromEnv) return { source: 'environment', url: fromEnv };
    const saved = await this.saved();
    return saved === null ? null : { source: 'keychain', url: saved };
  }

  /** The address saved in the keychain, whatever the environment says. */
  async saved(): Promise<string | null> {
    try {
      return (await this.secrets.get(TEAM_DATABASE_SECRET)) || null;
    } catch (error) {
      throw new AppError(
        'keychain',
        `The system keychain did not answer, so the saved team database cannot be read. ${KEYCHAIN_HINT}`,
        { cause: error },
      );
    }
  }

  /** Refuses before anything is asked of the person when no keychain could keep the address. */
  async assertCanSave(): Promise<void> {
    const availability = await this.secrets.availability();
    if (!availability.available) {
      throw new AppError(
        'keychain',
        `${availability.reason} The team database's address is kept only there (it holds a password), so nothing was saved. ${KEYCHAIN_HINT}`,
      );
    }
  }

  /** Saves an address (tested first by the caller); an address that cannot be read is refused. */
  async save(url: string): Promise<void> {
    redactedAddress(url);
    try {
      await this.secrets.set(TEAM_DATABASE_SECRET, url.trim());
    } catch (error) {
      throw new AppError(
        'keychain',
        `The system keychain did not store the team database's address; nothing was saved. ${KEYCHAIN_HINT}`,
        { cause: error },
      );
    }
  }

  /** Removes the saved address; resolves false when there was none. */
  async forget(): Promise<boolean> {
    try {
      return await this.secrets.delete(TEAM_DATABASE_SECRET);
    } catch (error) {
      throw new AppError(
        'keychain',
        'The system keychain did not answer, so the saved team database could not be removed. Try again once it is unlocked.',
        { cause: error },
      );
    }
  }
}

/**
 * The team history this run works on: JRS_DATABASE_URL when set (the command line and the browser host),
 * else the address saved in this installation's keychain (`jrs team connect`, Settings → Team history), else
 * none: this computer's own history. A keychain that cannot be read is said in the log and the run works
 * on this computer's history (the app still opens; Settings → Team history says where the history is).
 */
export async function teamHistoryFor(
  secrets: SecretStore,
  env: Env,
  log?: (line: string) => void,
): Promise<TeamAddress | undefined> {
  const fromEnv = env[TEAM_DATABASE_ENV]?.trim();
  if (fromEnv) return { source: 'environment', url: fromEnv };
  try {
    // Without a keychain nothing was saved (connecting refuses to keep the address anywhere else).
    if (!(await secrets.availability()).available) return undefined;
    const saved = await new TeamConnectionStore(secrets, env).saved();
    return saved ? { source: 'keychain', url: saved } : undefined;
  } catch (error) {
    log?.(`The team database's saved address could not be read: ${(error as Error).message}`);
    return undefined;
  }
}
