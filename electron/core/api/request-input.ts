// Checks what callers pass before anything is sent: ids and paths are encoded, bodies are validated
// with the shared zod schemas and serialised. Bad input is a `bad-request` ApiError.
import type { z } from 'zod';
import { invalidInputError } from './error-messages';
import type { ApiOperation } from './operations';
import type { Redactor } from './redact';
import { tidyServerText } from './redact';

/** Encodes a path or query value; a lone UTF-16 surrogate cannot be encoded (URIError), so it is bad input. */
export function encodeValue(operation: ApiOperation, value: string, what: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    throw invalidInputError(operation, `the ${what} contains characters that cannot be sent`);
  }
}

/**
 * Encoded so that a hostile id ("../auth/credits", "x?y#z") stays inside its own path segment. "." and
 * ".." cannot: URL parsing removes such segments even percent-encoded (%2e%2e), changing the endpoint.
 */
export function requireId(operation: ApiOperation, value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInputError(operation, `the ${what} is empty`);
  }
  if (value === '.' || value === '..')
    throw invalidInputError(operation, `the ${what} "${value}" is not an id`);
  return encodeValue(operation, value, what);
}

/** The first zod issue as words; keys of `values` are the caller's data, so they are tidied and redacted too. */
function describeIssue(error: z.ZodError, what: string, redact: Redactor): string {
  const issue = error.issues[0];
  const path = issue ? tidyServerText(redact(issue.path.map(String).join('.')), 120) : '';
  const where = path ? ` (at ${path})` : '';
  return `${what} is invalid: ${tidyServerText(redact(issue?.message ?? 'unexpected value'), 160)}${where}`;
}

/** Validates a request body and serialises it; extra fields kept for the worker might not serialise. */
export function checkedJson<S extends z.ZodType>(
  operation: ApiOperation,
  schema: S,
  value: unknown,
  what: string,
  redact: Redactor,
): string {
  const checked = schema.safeParse(value);
  if (!checked.success) throw invalidInputError(operation, describeIssue(checked.error, what, redact));
  return toJson(operation, checked.data);
}

export function toJson(operation: ApiOperation, value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('nothing to send');
    return text;
  } catch {
    throw invalidInputError(operation, 'the body contains a value that cannot be sent as JSON');
  }
}
