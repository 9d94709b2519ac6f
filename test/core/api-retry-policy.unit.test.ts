// Pure parts of the client: Retry-After parsing, full-jitter backoff, the retry decision, redaction.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api';
import { createRedactor, tidyServerText } from '../../electron/core/api/redact';
import { parseRetryAfter } from '../../electron/core/api/retry-after';
import { backoffDelay, decideRetry, isRetryable } from '../../electron/core/api/retry-policy';
import type { ApiErrorKind } from '../../electron/core/api';

const NOW = Date.parse('2030-06-01T12:00:00Z');
const OPTIONS = { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 };

function failed(kind: ApiErrorKind, neverSent = false, retryAfterMs?: number) {
  return { error: new ApiError('Something failed.', { kind, operation: 'getJob' }), neverSent, retryAfterMs };
}

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['5', 5_000],
    [' 12 ', 12_000],
    ['1.5', 1_500],
    [new Date(NOW + 30_000).toUTCString(), 30_000],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 0],
    ['Sun Nov  6 08:49:37 1994', 0],
  ])('%j → %i ms', (header, expected) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '-1',
    'soon',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '12 seconds',
    'Foo, 1 Jan 2030',
  ])('%j → undefined', (header) => {
    expect(parseRetryAfter(header, NOW)).toBeUndefined();
  });
});

describe('backoff with full jitter', () => {
  it('is uniform below min(max, base·2^n)', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, OPTIONS, () => 0.999))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(backoffDelay(3, OPTIONS, () => 0)).toBe(0);
  });

  it('survives a broken random source', () => {
    expect(backoffDelay(1, OPTIONS, () => Number.NaN)).toBe(0);
    expect(backoffDelay(1, OPTIONS, () => 7)).toBe(200);
    expect(backoffDelay(1, OPTIONS, () => -3)).toBe(0);
  });
});

describe('which failures are retried', () => {
  it.each<[ApiErrorKind, boolean, boolean, boolean]>([
    // kind, neverSent, read retried, write retried
    ['network', true, true, true],
    ['network', false, true, false],
    ['timeout', false, true, false],
    ['server', false, true, false],
    ['rate-limited', false, true, true],
    ['unauthorized', false, false, false],
    ['not-found', false, false, false],
    ['bad-request', false, false, false],
    ['invalid-response', false, false, false],
    ['aborted', false, false, false],
  ])('%s (never sent: %s): read %s, write %s', (kind, neverSent, read, write) => {
    expect(isRetryable(failed(kind, neverSent), false)).toBe(read);
    expect(isRetryable(failed(kind, neverSent), true)).toBe(write);
  });

  it('stops when the budget is spent or Retry-After is too long', () => {
    expect(decideRetry(failed('server'), false, 3, OPTIONS, () => 0.5)).toEqual({
      retry: false,
      reason: 'giving up after 4 attempts',
    });
    expect(decideRetry(failed('rate-limited', false, 6_000), false, 0, OPTIONS, () => 0.5)).toMatchObject({
      retry: false,
    });
    expect(decideRetry(failed('rate-limited', false, 4_000), true, 0, OPTIONS, () => 0.5)).toEqual({
      retry: true,
      delayMs: 4_000,
    });
  });
});

describe('redaction', () => {
  it('removes every occurrence of the key', () => {
    const redact = createRedactor(['sk-secret-123']);
    expect(redact('a sk-secret-123 b sk-secret-123')).toBe('a [redacted] b [redacted]');
  });

  it('leaves text alone for keys too short to redact meaningfully', () => {
    expect(createRedactor(['a'])('a banana')).toBe('a banana');
  });

  it('tidies server text to one short printable line', () => {
    expect(tidyServerText('line1\r\nline2\u0000\u2028x')).toBe('line1 line2 x');
    expect(tidyServerText('x'.repeat(500))).toHaveLength(200);
  });
});

describe('ApiError', () => {
  it('is an Error named ApiError whose JSON has no stack', () => {
    const error = new ApiError('The job was not found.', {
      kind: 'not-found',
      operation: 'getJob',
      status: 404,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(String(error)).toBe('ApiError: The job was not found.');
    expect(error.stack).toMatch(/^ApiError: The job was not found\./);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ApiError',
      kind: 'not-found',
      operation: 'getJob',
      status: 404,
      outcomeUnknown: false,
      message: 'The job was not found.',
    });
  });
});
