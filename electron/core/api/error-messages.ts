// Builds each ApiError with its sentence: what happened, while doing what, and what the person can do.
// Every text from outside (server messages, zod paths) arrives here already tidied and redacted.
import { ApiError } from './api-error';
import type { ApiErrorCause } from './api-error';
import { OPERATION_PHRASES, WRITE_EFFECTS, isWrite } from './operations';
import type { ApiOperation } from './operations';

const NOT_FOUND: Readonly<Partial<Record<ApiOperation, string>>> = {
  getMappingFields:
    'The project was not found: it may have been deleted or belong to another account. Refresh the project list.',
  getJob: 'The job was not found: it may have been deleted or belong to another account.',
  updateJob: 'The job was not found: it may have been deleted or belong to another account.',
  triggerJobs:
    'One of the jobs was not found, so requeuing stopped there. Check the job ids; jobs before it may have been requeued.',
};

// Accounts are managed in the header's account menu (there is no Settings screen yet): a key or an address
// is changed by removing the account there and adding it again.
const ADD_AGAIN = 'Remove the account from the account menu (top right) and add it again';
const REPLACE_KEY =
  'If the key was changed or revoked, remove the account from the account menu (top right) and add it again with a valid key.';
const CHECK_ADDRESS =
  'Check the account’s address in the account menu (top right); if it is wrong, remove the account and add it again with the right one.';

function seconds(ms: number): string {
  const value = Math.max(1, Math.ceil(ms / 1000));
  return value === 1 ? '1 second' : `${value} seconds`;
}

/** For writes whose outcome is unknown, the sentence that tells the person to look before retrying. */
function effectNote(operation: ApiOperation, outcomeUnknown: boolean): string {
  return outcomeUnknown ? ` ${WRITE_EFFECTS[operation] ?? ''}`.trimEnd() : '';
}

export function unauthorizedError(operation: ApiOperation, status?: number): ApiError {
  const what = status === 403 ? 'refused the API key for this request' : 'refused the API key';
  const code = status === undefined ? '' : ` (HTTP ${status})`;
  return new ApiError(`The service ${what}${code}. ${REPLACE_KEY}`, {
    kind: 'unauthorized',
    operation,
    status,
  });
}

export function unusableKeyError(operation: ApiOperation, empty: boolean): ApiError {
  const message = empty
    ? `No API key is set for this account. ${ADD_AGAIN} with its key.`
    : `The API key contains characters that cannot be sent (spaces at the ends or line breaks). ${ADD_AGAIN}, pasting the key alone.`;
  return new ApiError(message, { kind: 'unauthorized', operation });
}

export function notFoundError(operation: ApiOperation, status?: number): ApiError {
  const message =
    NOT_FOUND[operation] ??
    `The service found nothing at this address while ${OPERATION_PHRASES[operation]} (HTTP ${status ?? 404}). ${CHECK_ADDRESS}`;
  return new ApiError(message, { kind: 'not-found', operation, status });
}

export function badRequestError(
  operation: ApiOperation,
  status: number | undefined,
  serverText: string,
): ApiError {
  const code = status === undefined ? '' : ` (HTTP ${status})`;
  const detail = serverText ? `: ${serverText}` : '';
  return new ApiError(
    `The service rejected the request while ${OPERATION_PHRASES[operation]}${code}${detail}. Check the values and try again.`,
    { kind: 'bad-request', operation, status, detail: serverText },
  );
}

/** Client-side validation: the request was never sent. */
export function invalidInputError(operation: ApiOperation, problem: string): ApiError {
  return new ApiError(
    `The request was not sent because ${problem} while ${OPERATION_PHRASES[operation]}. Fix the value and try again.`,
    { kind: 'bad-request', operation },
  );
}

export function rateLimitedError(operation: ApiOperation, retryAfterMs: number | undefined): ApiError {
  const wait = retryAfterMs === undefined ? 'Wait a minute' : `Wait ${seconds(retryAfterMs)}`;
  return new ApiError(
    `The service is receiving too many requests and refused this one while ${OPERATION_PHRASES[operation]}. ${wait} and try again.`,
    { kind: 'rate-limited', operation, status: 429, retryAfterMs },
  );
}

export function serverError(operation: ApiOperation, status: number): ApiError {
  const outcomeUnknown = isWrite(operation);
  return new ApiError(
    `The service had an internal error (HTTP ${status}) while ${OPERATION_PHRASES[operation]}. Try again in a few minutes.${effectNote(operation, outcomeUnknown)}`,
    { kind: 'server', operation, status, outcomeUnknown },
  );
}

export function networkError(
  operation: ApiOperation,
  host: string,
  cause: ApiErrorCause | undefined,
  requestMayHaveBeenSent: boolean,
): ApiError {
  const outcomeUnknown = isWrite(operation) && requestMayHaveBeenSent;
  const reason = cause?.code ? ` (${cause.code})` : '';
  const first = requestMayHaveBeenSent
    ? `The connection to the service at ${host} broke while ${OPERATION_PHRASES[operation]}${reason}.`
    : `The service at ${host} could not be reached while ${OPERATION_PHRASES[operation]}${reason}.`;
  return new ApiError(
    `${first} Check your internet connection and that the service is running, then try again.${effectNote(operation, outcomeUnknown)}`,
    { kind: 'network', operation, outcomeUnknown, cause },
  );
}

export function timeoutError(operation: ApiOperation, timeoutMs: number): ApiError {
  const outcomeUnknown = isWrite(operation);
  return new ApiError(
    `The service did not answer within ${seconds(timeoutMs)} while ${OPERATION_PHRASES[operation]}. Try again; if it keeps happening, check your connection.${effectNote(operation, outcomeUnknown)}`,
    { kind: 'timeout', operation, outcomeUnknown },
  );
}

export function abortedError(operation: ApiOperation, requestMayHaveBeenSent: boolean): ApiError {
  const outcomeUnknown = isWrite(operation) && requestMayHaveBeenSent;
  return new ApiError(
    `The request was cancelled while ${OPERATION_PHRASES[operation]}. Start it again if you still need it.${effectNote(operation, outcomeUnknown)}`,
    { kind: 'aborted', operation, outcomeUnknown },
  );
}

export function invalidResponseError(
  operation: ApiOperation,
  status: number | undefined,
  problem: string,
): ApiError {
  const outcomeUnknown = isWrite(operation);
  const code = status === undefined ? '' : ` (HTTP ${status})`;
  return new ApiError(
    `The service sent an answer the app does not understand${code} while ${OPERATION_PHRASES[operation]}: ${problem}. Try again later; if it persists, the service may have changed and the app needs an update.${effectNote(operation, outcomeUnknown)}`,
    { kind: 'invalid-response', operation, status, outcomeUnknown },
  );
}

export function redirectError(operation: ApiOperation, status: number): ApiError {
  return new ApiError(
    `The service answered with a redirect (HTTP ${status}) while ${OPERATION_PHRASES[operation]}, which the app does not follow so the API key cannot be sent elsewhere. The address may be out of date (for example http where the service now wants https). ${CHECK_ADDRESS}`,
    { kind: 'invalid-response', operation, status },
  );
}
