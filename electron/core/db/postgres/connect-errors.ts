// Why a team database could not be used, in words a person can act on: the host and port that did not
// answer, the user it refused, the database it lacks. The password is never in a sentence nor in a cause:
// the driver's error is kept only as a copy with the password blotted out.
import { AppError } from '../../kernel/app-error';
import { whereOf, type TeamDatabaseAddress } from './connection-string';

/** Node's codes for a host or port that could not be reached, each with what it means. */
const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (no server is listening there)',
  ECONNRESET: 'the connection was cut before the server answered',
  ETIMEDOUT: 'it did not answer',
  EHOSTUNREACH: 'that host cannot be reached from this computer',
  ENETUNREACH: 'that network cannot be reached from this computer',
  ENOTFOUND: 'no computer has that name',
  EAI_AGAIN: 'its name could not be looked up (is this computer online?)',
};

interface DriverError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function codeOf(error: unknown): string | null {
  for (let e = error as DriverError | null, depth = 0; e && depth < 5; e = e.cause as DriverError, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return null;
}

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error as DriverError | null, depth = 0; e && depth < 5; e = e.cause as DriverError, depth++) {
    if (typeof e.message === 'string') parts.push(e.message);
  }
  return parts.join(': ');
}

/** The driver's error as a plain Error (message and code only), with every form of the password removed. */
export function redacted(error: unknown, password: string): Error {
  let message = messagesOf(error) || String(error);
  if (password) {
    for (const form of new Set([password, encodeURIComponent(password)]))
      message = message.split(form).join('***');
  }
  const copy = new Error(message);
  const code = codeOf(error);
  if (code) Object.assign(copy, { code });
  return copy;
}

/** A failure to connect or to run the first query, as the AppError that says what to do about it. */
export function connectFailure(
  error: unknown,
  address: TeamDatabaseAddress,
  password: string,
  timeoutMs: number,
): AppError {
  const cause = redacted(error, password);
  const where = whereOf(address);
  const code = codeOf(error);
  const unreachable = (why: string): AppError =>
    new AppError(
      'team-unreachable',
      `The team database at ${where} could not be reached: ${why}. Check the host and port in its address, that the server is running, and that this computer may reach it (a VPN or firewall may be in the way).`,
      { cause },
    );
  const network = code ? NETWORK[code] : undefined;
  if (network) return unreachable(network);
  switch (code) {
    case '28P01':
      return new AppError(
        'team-sign-in',
        `The team database at ${where} refused to sign in user "${address.user}": the password is wrong, or there is no such user. Check the user and password in the address you were given.`,
        { cause },
      );
    case '28000':
      return new AppError(
        'team-sign-in',
        `The team database at ${where} does not let user "${address.user}" into database "${address.database}" from this computer (the server has no rule for it; if it only takes encrypted connections, add ?sslmode=require to the address). Ask whoever runs the server.`,
        { cause },
      );
    case '3D000':
      return new AppError(
        'team-no-database',
        `The team database server at ${where} has no database named "${address.database}". Make it first (for example: createdb -h ${address.host} -p ${address.port} -U ${address.user} ${address.database}), or check the name in the address.`,
        { cause },
      );
    case '53300':
      return new AppError(
        'team-unreachable',
        `The team database at ${where} has too many connections open and took no more. Try again in a minute; if it keeps happening, ask whoever runs the server to allow more.`,
        { cause },
      );
    case '57P03':
      return unreachable('the server is starting up or shutting down');
  }
  if (code === null && /timeout|terminated/i.test(messagesOf(error))) {
    return unreachable(`it did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
  }
  return new AppError(
    'database',
    `The team database at ${where} could not be used (${cause.message}). Check its address; if it looks right, ask whoever runs the server.`,
    { cause },
  );
}

/** Server codes that say the connection is gone or the server is not serving (class 08, shutdown, start-up). */
const GONE = /^(08|57P0[123])/;

/**
 * A failure while the team database was being used that says it is out of reach now (the network went, the
 * server restarted or stopped), as the AppError that says so; null for any other failure. What was asked
 * was not done: a write the server never received is refused in words, so the person can try again (no
 * queue of writes is kept while it is away: a submission is only sent once its intent is in the database).
 */
export function unreachableNow(
  error: unknown,
  address: TeamDatabaseAddress,
  password: string,
): AppError | null {
  if (error instanceof AppError) return null;
  const code = codeOf(error);
  const why = code ? NETWORK[code] : undefined;
  const gone =
    why !== undefined ||
    (code !== null && GONE.test(code)) ||
    (code === null &&
      /Connection terminated|timeout exceeded|Client has encountered a connection error/i.test(
        messagesOf(error),
      ));
  if (!gone) return null;
  return new AppError(
    'team-unreachable',
    `The team database at ${whereOf(address)} cannot be reached now${why ? ` (${why})` : ''}, so this was not done. Check this computer's network (a VPN may be off) and try again; what is shown may be out of date until it answers again.`,
    { cause: redacted(error, password) },
  );
}
