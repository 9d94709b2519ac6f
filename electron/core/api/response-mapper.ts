// Turns an HTTP answer into the caller's value or an ApiError: status first (401, 429, 5xx …), then
// the spec's quirky bodies, then the zod schema. Server text is tidied and redacted before use.
import type { ApiError } from './api-error';
import type { Endpoint } from './endpoint';
import {
  badRequestError,
  invalidResponseError,
  notFoundError,
  rateLimitedError,
  redirectError,
  serverError,
  unauthorizedError,
} from './error-messages';
import type { Redactor } from './redact';
import { tidyServerText } from './redact';
import { parseRetryAfter } from './retry-after';

/** Error bodies are only read for their message; a few KiB is plenty. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface MapperContext {
  redact: Redactor;
  now: number;
}

/** Statuses decided without reading the body. Returns undefined when the body is needed. */
export function errorFromStatus<T>(
  endpoint: Endpoint<T>,
  status: number,
  headers: Headers,
  context: MapperContext,
): ApiError | undefined {
  const { operation } = endpoint;
  if (status === 401 || status === 403) return unauthorizedError(operation, status);
  if (status === 429)
    return rateLimitedError(operation, parseRetryAfter(headers.get('retry-after'), context.now));
  if (status >= 500 && status <= 599) return serverError(operation, status);
  if (status >= 300 && status <= 399) return redirectError(operation, status);
  if (status < 200 || status > 599) {
    return invalidResponseError(operation, status, 'the status code is not a valid HTTP status');
  }
  return undefined;
}

type Decoded = { ok: true; value: unknown } | { ok: false; problem: string; text: string };

function decodeJson(bytes: Uint8Array): Decoded {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: 'the body is not valid UTF-8 text', text: '' };
  }
  if (text.trim() === '') return { ok: false, problem: 'the body is empty', text };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'the body is not valid JSON', text };
  }
}

/** The `message` or `error` text of a JSON error body, else the start of a plain-text body. */
function serverText(decoded: Decoded, redact: Redactor): string {
  let text = '';
  if (decoded.ok) {
    const body = decoded.value;
    if (typeof body === 'object' && body !== null) {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === 'string') text = message;
      else if (typeof error === 'string') text = error;
    }
  } else if (!/^\s*</.test(decoded.text)) {
    // Plain text is worth quoting; an HTML error page is not.
    text = decoded.text;
  }
  return tidyServerText(redact(text));
}

function describeIssuePath(path: readonly PropertyKey[], redact: Redactor): string {
  if (path.length === 0) return '(root)';
  return tidyServerText(redact(path.map(String).join('.')), 120);
}

/** A 2xx or 4xx answer whose body has been read (or, for 4xx, failed to be read: `bytes` undefined). */
export function interpretBody<T>(
  endpoint: Endpoint<T>,
  status: number,
  bytes: Uint8Array | undefined,
  context: MapperContext,
): { ok: true; value: T } | { ok: false; error: ApiError } {
  const { operation } = endpoint;
  const decoded: Decoded = bytes
    ? decodeJson(bytes)
    : { ok: false, problem: 'the body could not be read', text: '' };
  if (decoded.ok && endpoint.quirk) {
    const quirk = endpoint.quirk(decoded.value, status);
    if (quirk) return { ok: false, error: quirk };
  }
  if (status === 404) return { ok: false, error: notFoundError(operation, status) };
  if (status >= 400)
    return { ok: false, error: badRequestError(operation, status, serverText(decoded, context.redact)) };
  if (!decoded.ok) return { ok: false, error: invalidResponseError(operation, status, decoded.problem) };
  let result;
  try {
    result = endpoint.schema.safeParse(decoded.value);
  } catch {
    // A pathological value (e.g. nesting deep enough to exhaust the stack) is just another bad answer.
    return { ok: false, error: invalidResponseError(operation, status, 'the body could not be checked') };
  }
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = describeIssuePath(issue?.path ?? [], context.redact);
    const what = tidyServerText(context.redact(issue?.message ?? 'unexpected shape'), 120);
    return { ok: false, error: invalidResponseError(operation, status, `at ${where}, ${what}`) };
  }
  const value = endpoint.pick(result.data);
  const problem = endpoint.check?.(value);
  if (problem) return { ok: false, error: invalidResponseError(operation, status, problem) };
  return { ok: true, value };
}
