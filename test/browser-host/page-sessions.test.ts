// The host's session table on fake time: asking whether a session is live (the socket's check before its
// handshake) neither renews nor holds it; only an open socket's hold does, until released.
import { expect, it } from 'vitest';
import { PageSessions, SESSION_IDLE_MS } from '../../electron/browser-host/page-sessions';

it('isLive changes nothing: a session asked about but never used still ends', () => {
  let clock = 0;
  const sessions = new PageSessions(() => clock);
  const secret = sessions.create();
  clock += SESSION_IDLE_MS - 1;
  expect(sessions.isLive(secret)).toBe(true);
  clock += 2;
  expect(sessions.isLive(secret)).toBe(false);
  expect(sessions.isLive('guess')).toBe(false);
  expect(sessions.isLive(undefined)).toBe(false);
});

it('a hold keeps the session while held, and its release starts the idle time again', () => {
  let clock = 0;
  const sessions = new PageSessions(() => clock);
  const secret = sessions.create();
  const release = sessions.hold(secret)!;
  clock += 2 * SESSION_IDLE_MS;
  expect(sessions.isLive(secret)).toBe(true);
  release();
  clock += SESSION_IDLE_MS + 1;
  expect(sessions.isLive(secret)).toBe(false);
});
