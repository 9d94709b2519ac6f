// Turns what fetch (or reading its body) throws into an ApiError: the caller's abort, our timeout, or
// a network failure, noting whether the request can have reached the service at all.
import type { ApiError, ApiErrorCause } from './api-error';
import { abortedError, networkError, timeoutError } from './error-messages';
import type { ApiOperation } from './operations';

/**
 * Failures before a connection existed: the request provably never reached the service, so even a
 * write may be retried. Resets, socket closes and timeouts are absent on purpose: the service may
 * have acted on a request whose answer we lost.
 */
const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface FailureContext {
  operation: ApiOperation;
  host: string;
  timeoutMs: number;
  callerSignal: AbortSignal | undefined;
  timeoutSignal: AbortSignal;
}

export interface ClassifiedFailure {
  error: ApiError;
  /** True only when the request provably never left this machine. */
  neverSent: boolean;
}

function readCode(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : undefined;
}

/** fetch wraps socket errors as TypeError('fetch failed', { cause }); happy eyeballs nests an AggregateError. */
function findCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const code = readCode(current);
    if (code) return code;
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested)) {
      const inner = nested.map(readCode).find(Boolean);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return /^[A-Za-z]{1,40}$/.test(name) ? name : 'Error';
}

export function classifyFetchFailure(error: unknown, context: FailureContext): ClassifiedFailure {
  // Which signal fired decides it: the error object differs between fetch, body reads and Node versions.
  if (context.callerSignal?.aborted)
    return { error: abortedError(context.operation, true), neverSent: false };
  if (context.timeoutSignal.aborted) {
    return { error: timeoutError(context.operation, context.timeoutMs), neverSent: false };
  }
  const code = findCode(error);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    return { error: timeoutError(context.operation, context.timeoutMs), neverSent: false };
  }
  const neverSent = code !== undefined && NEVER_SENT_CODES.has(code);
  const cause: ApiErrorCause = code ? { name: errorName(error), code } : { name: errorName(error) };
  return { error: networkError(context.operation, context.host, cause, !neverSent), neverSent };
}
