// Reads a team database's address (`postgres://user:password@host:5432/database`) into the driver's
// settings. What is wrong with an address is said without repeating it: it holds a password.
import { AppError } from '../../kernel/app-error';

export const ADDRESS_SHAPE = 'postgres://user:password@host:5432/database';

/** Where the team history lives, without the password: safe to show, log and put in a sentence. */
export interface TeamDatabaseAddress {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
}

export interface ParsedConnectionString {
  readonly address: TeamDatabaseAddress;
  readonly password: string;
  /** sslmode: off (disable, the default), encrypted without checking the certificate (require), or checked. */
  readonly ssl: false | { rejectUnauthorized: boolean };
}

const SSL_MODES: Record<string, ParsedConnectionString['ssl']> = {
  disable: false,
  require: { rejectUnauthorized: false },
  'verify-full': { rejectUnauthorized: true },
};

function invalid(why: string): AppError {
  return new AppError(
    'invalid-input',
    `The team database address cannot be used: ${why}. Write it as ${ADDRESS_SHAPE} (the address your team's database was given with).`,
  );
}

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid(`its ${what} has a broken %-escape`);
  }
}

export function parseConnectionString(text: string): ParsedConnectionString {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    // Never the URL error itself as a cause: Node keeps the whole input (and so the password) on it.
    throw invalid('it is not an address of the form below');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw invalid(`it starts with "${url.protocol}//" instead of "postgres://"`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw invalid('it names no host');
  const port = url.port ? Number(url.port) : 5432;
  const user = decoded(url.username, 'user name');
  if (!user) throw invalid('it names no user');
  const database = decoded(url.pathname.replace(/^\//, ''), 'database name');
  if (!database) throw invalid('it names no database after the host');
  if (database.includes('/')) throw invalid('the part after the host must be one database name');
  const mode = url.searchParams.get('sslmode') ?? 'disable';
  const ssl = SSL_MODES[mode];
  if (ssl === undefined)
    throw invalid(`sslmode "${mode}" is not one of ${Object.keys(SSL_MODES).join(', ')}`);
  const unknown = [...url.searchParams.keys()].find((key) => key !== 'sslmode');
  if (unknown) throw invalid(`the option "${unknown}" is not one the app knows (only sslmode is)`);
  return { address: { host, port, user, database }, password: decoded(url.password, 'password'), ssl };
}

/** "host:port" as a person would type it (IPv6 in brackets). */
export function whereOf(address: TeamDatabaseAddress): string {
  return `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
}
