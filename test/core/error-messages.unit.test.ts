// The sentences of the service's errors point only at what the app has: no "Settings" screen (accounts live in
// the header's account menu), and an unreachable service is said with what the person can check.
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../../electron/core/api';
import { resolveConfig } from '../../electron/core/api/client-config';
import {
  networkError,
  notFoundError,
  redirectError,
  unauthorizedError,
  unusableKeyError,
} from '../../electron/core/api/error-messages';

describe('error sentences', () => {
  it('never send the person to a Settings screen the app does not have', () => {
    const sentences = API_OPERATIONS.flatMap((operation) => [
      unauthorizedError(operation, 401).message,
      unauthorizedError(operation, 403).message,
      unusableKeyError(operation, true).message,
      unusableKeyError(operation, false).message,
      notFoundError(operation, 404).message,
      networkError(operation, '127.0.0.1:4010', { name: 'Error', code: 'ECONNREFUSED' }, false).message,
      networkError(operation, '127.0.0.1:4010', { name: 'Error', code: 'ECONNRESET' }, true).message,
      redirectError(operation, 302).message,
    ]);
    let badAddress = '';
    try {
      resolveConfig({ baseUrl: 'ftp://example.com', apiKey: 'k' });
    } catch (error) {
      badAddress = (error as Error).message;
    }
    expect(badAddress).toMatch(/service address/);
    for (const sentence of [...sentences, badAddress]) expect(sentence).not.toMatch(/settings/i);
  });

  it('say where the unreachable service is and what to check', () => {
    const message = networkError(
      'listActiveProjects',
      '127.0.0.1:4010',
      { name: 'Error', code: 'ECONNREFUSED' },
      false,
    ).message;
    expect(message).toBe(
      'The service at 127.0.0.1:4010 could not be reached while listing the active projects (ECONNREFUSED). Check your internet connection and that the service is running, then try again.',
    );
  });

  it('point at the account menu for a refused key', () => {
    expect(unauthorizedError('getCredits', 401).message).toMatch(/account menu/);
  });
});
