// When the desktop app looks for updates and what it offers, against a real feed on loopback and fake time:
// at start and then daily, never when turned off, never two looks at once, a failure retried at the next
// tick, a newer version (by semver) downloaded and then offered for a restart that only the person starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { START_DELAY_MS, TICK_MS } from '../../../electron/core/updates/update-controller';
import { CHECK_EVERY_MS, newerVersion } from '../../../electron/core/updates/update-decision';
import { openUpdates } from '../../../electron/core/updates/updates-domain';
import { updateWords, type UpdateStatus } from '../../../electron/shared/domain/updates';
import { cleanupsAfterEach } from '../../fixtures/cleanups';
import { FakeTime } from '../../fixtures/fake-time';
import { RecordingInstaller } from '../../fixtures/recording-installer';
import { channelFileText, startUpdateFeedServer } from '../../fixtures/update-feed-server';
import { SqliteSettings } from '../../../electron/core/db/sqlite/sqlite-settings';

const cleanups = cleanupsAfterEach();
const HOUR = 60 * 60 * 1000;

async function setUp(options: { current?: string; feedVersion?: string; dir?: string } = {}) {
  const server = await startUpdateFeedServer();
  cleanups.push(() => server.close());
  server.put('latest-linux.yml', channelFileText(options.feedVersion ?? '0.1.0'));
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'jrs-updates-')));
  if (!options.dir) cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const time = new FakeTime();
  const installer = new RecordingInstaller();
  const events: UpdateStatus[] = [];
  const { db } = openDatabase(join(dir, 'history.sqlite'), () => time.now());
  const domain = await openUpdates({
    settings: new SqliteSettings(db),
    host: {
      currentVersion: options.current ?? '0.1.0',
      feed: { baseUrl: server.url, channelFile: 'latest-linux.yml' },
      installer,
    },
    clock: time,
    timers: time,
    emit: (status) => events.push(status),
    // A held answer outlasts the hourly tick here, so that the tick comes while the look is under way.
    timing: { feedTimeoutMs: 2 * HOUR },
  });
  const close = () => {
    domain.dispose();
    db.close();
  };
  cleanups.push(close);
  const status = () => domain.handlers['updates:status'](undefined);
  /** Lets the look under way reach the feed and come back (a real socket: a few real turns). */
  const settleLook = async () => {
    for (let round = 0; round < 50 && (await status()).phase === 'checking'; round += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return {
    server,
    time,
    installer,
    events,
    domain,
    handlers: domain.handlers,
    status,
    settleLook,
    dir,
    close,
  };
}

describe('the decision', () => {
  it('offers only a version newer than the running one, by semver', () => {
    expect(newerVersion('0.2.0', '0.1.0')).toBe('0.2.0');
    expect(newerVersion('0.10.0', '0.9.0')).toBe('0.10.0');
    expect(newerVersion('0.1.0', '0.1.0')).toBeNull();
    expect(newerVersion('0.0.9', '0.1.0')).toBeNull();
    expect(newerVersion('1.0.0', '1.0.0-beta.2')).toBe('1.0.0');
    expect(newerVersion('1.0.0-beta.3', '1.0.0-beta.2')).toBe('1.0.0-beta.3');
    expect(newerVersion('1.0.0-beta.3', '1.0.0')).toBeNull();
  });
});

describe('looking for updates', () => {
  it('looks at start (after a short delay), says up to date, then looks again only a day later', async () => {
    const { server, time, status, settleLook } = await setUp();
    expect((await status()).phase).toBe('idle');
    await time.advance(START_DELAY_MS - 1);
    expect(server.requests).toHaveLength(0);
    await time.advance(1);
    await settleLook();
    expect(server.requests).toEqual(['/releases/latest-linux.yml']);
    const upToDate = await status();
    expect(upToDate).toMatchObject({
      source: 'feed',
      enabled: true,
      phase: 'up-to-date',
      checkedMs: time.now(),
    });
    expect(updateWords(upToDate)).toBe('Up to date: version 0.1.0 is the newest.');

    // Hourly ticks find nothing due until a day has passed since that look.
    await time.advance(CHECK_EVERY_MS - HOUR);
    expect(server.requests).toHaveLength(1);
    await time.advance(HOUR);
    await settleLook();
    expect(server.requests).toHaveLength(2);
  });

  it('downloads a newer version in the background, shows its progress, then waits for the person to restart', async () => {
    const { server, time, installer, handlers, status, settleLook, events } = await setUp({
      feedVersion: '0.2.0',
    });
    await expect(handlers['updates:restart'](undefined)).rejects.toThrow(/No update is ready to install yet/);
    await time.advance(START_DELAY_MS);
    await settleLook();
    expect(installer.downloads).toBe(1);
    expect(await status()).toMatchObject({ phase: 'downloading', version: '0.2.0', percent: 0 });
    installer.report({ kind: 'progress', percent: 42.2 });
    installer.report({ kind: 'progress', percent: 42.7 });
    expect(updateWords(await status())).toBe('Downloading version 0.2.0: 42%.');
    installer.report({ kind: 'downloaded', version: '0.2.0' });
    const ready = await status();
    expect(ready).toMatchObject({ phase: 'ready', version: '0.2.0', percent: null });
    expect(updateWords(ready)).toMatch(/^Version 0.2.0 is ready: restart the app/);
    expect(events.map((event) => event.phase)).toEqual(['checking', 'downloading', 'downloading', 'ready']);

    // Nothing restarts by itself: days pass, no new look, no restart, until the person asks.
    await time.advance(3 * CHECK_EVERY_MS);
    expect(server.requests).toHaveLength(1);
    expect(installer.restarts).toBe(0);
    await handlers['updates:restart'](undefined);
    expect(installer.restarts).toBe(1);
  });

  it('does not look when turned off, keeps that choice, and still looks when the person presses Check now', async () => {
    const first = await setUp();
    expect(first.installer.installOnQuit).toBe(true);
    const off = await first.handlers['updates:setEnabled']({ enabled: false });
    expect(off.enabled).toBe(false);
    expect(first.installer.installOnQuit).toBe(false);
    expect(updateWords(off)).toMatch(/does not look for updates by itself/);
    const dir = first.dir;
    first.close();

    // The next start reads the choice from the history's settings.
    const again = await setUp({ dir, feedVersion: '0.3.0' });
    expect((await again.status()).enabled).toBe(false);
    expect(again.installer.installOnQuit).toBe(false);
    await again.time.advance(START_DELAY_MS + 2 * CHECK_EVERY_MS);
    expect(again.server.requests).toHaveLength(0);

    const looked = await again.handlers['updates:checkNow'](undefined);
    expect(again.server.requests).toHaveLength(1);
    expect(looked).toMatchObject({ phase: 'downloading', version: '0.3.0' });
    expect(again.installer.downloads).toBe(1);

    // Turned on again: the choice is kept, and a downloaded update may be installed at quit again.
    await again.handlers['updates:setEnabled']({ enabled: true });
    expect(again.installer.installOnQuit).toBe(true);
  });

  it('never looks twice at once: a slow feed, Check now pressed twice and the tick make one request', async () => {
    const { server, time, handlers, status, settleLook } = await setUp();
    server.hold();
    await time.advance(START_DELAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const first = handlers['updates:checkNow'](undefined);
    const second = handlers['updates:checkNow'](undefined);
    await time.advance(TICK_MS);
    expect((await status()).phase).toBe('checking');
    server.release();
    const answers = await Promise.all([first, second]);
    await settleLook();
    expect(server.requests).toHaveLength(1);
    expect(answers.map((answer) => answer.phase)).toEqual(['up-to-date', 'up-to-date']);
  });

  it('says why a look failed, and tries again at the next tick', async () => {
    const { server, time, status, settleLook } = await setUp({ feedVersion: '0.2.0' });
    server.failWith(503);
    await time.advance(START_DELAY_MS);
    await settleLook();
    const failed = await status();
    expect(failed.phase).toBe('failed');
    expect(updateWords(failed)).toBe(
      `The last look for updates failed: The update feed at ${new URL(server.url).host} answered HTTP 503 for latest-linux.yml: the release may not be published there yet. The app tries again later.`,
    );
    server.failWith(null);
    await time.advance(TICK_MS);
    await settleLook();
    expect(server.requests).toHaveLength(2);
    expect(await status()).toMatchObject({ phase: 'downloading', version: '0.2.0', error: null });
  });

  it('a failed look is retried at the next tick, even within a day of a good one', async () => {
    const { server, time, handlers, status, settleLook } = await setUp();
    await time.advance(START_DELAY_MS);
    await settleLook();
    expect((await status()).phase).toBe('up-to-date');
    server.failWith(500);
    expect((await handlers['updates:checkNow'](undefined)).phase).toBe('failed');
    server.failWith(null);
    await time.advance(TICK_MS);
    await settleLook();
    expect(server.requests).toHaveLength(3);
    expect((await status()).phase).toBe('up-to-date');
  });

  it('a download that fails is said in words and retried at the next tick; "not available after all" is up to date', async () => {
    const { server, time, installer, status, settleLook } = await setUp({ feedVersion: '0.2.0' });
    installer.failNextDownload = new Error('Cannot download "https://x/y.AppImage", status 500:\n at stack');
    await time.advance(START_DELAY_MS);
    await settleLook();
    expect(await status()).toMatchObject({
      phase: 'failed',
      error:
        'Version 0.2.0 could not be downloaded (Cannot download "https://x/y.AppImage", status 500:). The app tries again later.',
    });
    await time.advance(TICK_MS);
    await settleLook();
    expect(installer.downloads).toBe(2);
    installer.report({ kind: 'failed', message: 'sha512 checksum mismatch' });
    expect((await status()).error).toMatch(/could not be downloaded \(sha512 checksum mismatch\)/);
    await time.advance(TICK_MS);
    await settleLook();
    expect(installer.downloads).toBe(3);
    installer.report({ kind: 'not-available' });
    expect((await status()).phase).toBe('up-to-date');
    await time.advance(TICK_MS);
    expect(server.requests).toHaveLength(3);
  });

  it('a download that reports nothing for half an hour is said as stalled and started again; one that moves is left alone', async () => {
    const { time, installer, status, settleLook, events } = await setUp({ feedVersion: '0.2.0' });
    await time.advance(START_DELAY_MS);
    await settleLook();
    expect(installer.downloads).toBe(1);
    // Progress 50 minutes in: the tick at the hour finds it heard from 10 minutes ago.
    await time.advance(50 * 60 * 1000);
    installer.report({ kind: 'progress', percent: 10 });
    await time.advance(TICK_MS - 50 * 60 * 1000);
    await settleLook();
    expect(await status()).toMatchObject({ phase: 'downloading', percent: 10 });
    expect(installer.downloads).toBe(1);
    // Then silence: the next tick says so and looks (and downloads) again at once.
    await time.advance(TICK_MS);
    await settleLook();
    expect(events.find((event) => event.phase === 'failed')?.error).toBe(
      'The download of version 0.2.0 stopped: nothing arrived for 70 minutes. The app tries again now.',
    );
    expect(installer.downloads).toBe(2);
    expect(await status()).toMatchObject({ phase: 'downloading', version: '0.2.0', percent: 0 });
  });

  it('a malformed feed is a failure in words, not a crash; disposing stops the timer and the listener', async () => {
    const { server, time, installer, status, settleLook, domain } = await setUp();
    server.put('latest-linux.yml', 'version: 0.2\nfiles: nope\n');
    await time.advance(START_DELAY_MS);
    await settleLook();
    expect((await status()).error).toMatch(
      /latest-linux.yml is not a valid update description \(version is not a semantic version/,
    );
    domain.dispose();
    expect(time.pending()).toBe(0);
    expect(installer.listening).toBe(0);
  });
});
