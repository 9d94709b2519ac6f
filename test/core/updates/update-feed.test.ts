// The feed's files: app-update.yml (the feed a copy was built with) and the channel file read over a real
// HTTP server on loopback. Every way the feed can be wrong is an error in words, never a crash.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/core/kernel/app-error';
import { systemTimers } from '../../../electron/core/kernel/ports';
import {
  channelFileName,
  parseAppUpdateConfig,
  readAppUpdateConfig,
} from '../../../electron/core/updates/feed-config';
import { readChannelFile } from '../../../electron/core/updates/feed-reader';
import { cleanupsAfterEach } from '../../fixtures/cleanups';
import { FakeTime } from '../../fixtures/fake-time';
import { channelFileText, startUpdateFeedServer } from '../../fixtures/update-feed-server';

const cleanups = cleanupsAfterEach();
const linux = { platform: 'linux', arch: 'x64' };

async function feedServer() {
  const server = await startUpdateFeedServer();
  cleanups.push(() => server.close());
  return server;
}

const feedAt = (url: string) => ({ baseUrl: url, channelFile: 'latest-linux.yml' });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('channel file names', () => {
  it('follows electron-updater: latest.yml on Windows, -mac, -linux and -linux-<arch>, and a channel', () => {
    expect(channelFileName('win32', 'x64')).toBe('latest.yml');
    expect(channelFileName('darwin', 'arm64')).toBe('latest-mac.yml');
    expect(channelFileName('linux', 'x64')).toBe('latest-linux.yml');
    expect(channelFileName('linux', 'arm64')).toBe('latest-linux-arm64.yml');
    expect(channelFileName('linux', 'x64', 'beta')).toBe('beta-linux.yml');
  });
});

describe('app-update.yml', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives the feed electron-builder wrote, as a folder, and the channel file for this system', () => {
    const feed = parseAppUpdateConfig(
      'provider: generic\nurl: https://updates.example.com/jrs\nupdaterCacheDirName: jrs-desktop-updater\n',
      linux,
    );
    expect(feed).toEqual({ baseUrl: 'https://updates.example.com/jrs/', channelFile: 'latest-linux.yml' });
    expect(new URL(feed.channelFile, feed.baseUrl).toString()).toBe(
      'https://updates.example.com/jrs/latest-linux.yml',
    );
  });

  it('is null when the copy was built without a feed (no file), and an error in words when it is unusable', async () => {
    dir = await mkdtemp(join(tmpdir(), 'jrs-update-config-'));
    expect(readAppUpdateConfig(join(dir, 'app-update.yml'), linux)).toBeNull();
    await writeFile(join(dir, 'app-update.yml'), 'provider: github\nowner: someone\nrepo: app\n');
    expect(() => readAppUpdateConfig(join(dir, 'app-update.yml'), linux)).toThrow(
      /update settings \(app-update.yml\) cannot be used \(provider: only a generic feed/,
    );
    expect(() => parseAppUpdateConfig('provider: generic\nurl: file:///etc/\n', linux)).toThrow(
      /url: url must be an http or https address/,
    );
    expect(() =>
      parseAppUpdateConfig('provider: generic\nurl: http://updates.example.com/\n', linux),
    ).toThrow(/url: url must be an https address \(http only for this computer\)/);
    expect(parseAppUpdateConfig('provider: generic\nurl: http://127.0.0.1:9/\n', linux).baseUrl).toBe(
      'http://127.0.0.1:9/',
    );
    expect(() => parseAppUpdateConfig(': : :\n\t- [', linux)).toThrow(/cannot be used/);
  });
});

describe('reading the channel file over HTTP', () => {
  it('reads the version and files of a real feed', async () => {
    const server = await feedServer();
    server.put('latest-linux.yml', channelFileText('1.4.0'));
    const file = await readChannelFile(feedAt(server.url), { fetch, timers: systemTimers });
    expect(file.version).toBe('1.4.0');
    expect(file.files[0]).toMatchObject({ url: 'Job-Rendering-Studio-1.4.0.AppImage', size: 123456789 });
    expect(server.requests).toEqual(['/releases/latest-linux.yml']);
  });

  it('says which file is wrong and why: not YAML, no version, not a semantic version, no installer', async () => {
    const server = await feedServer();
    const read = () => readChannelFile(feedAt(server.url), { fetch, timers: systemTimers });
    server.put('latest-linux.yml', 'version: [1.4.0\nfiles: {');
    expect((await failure(read())).message).toMatch(
      /^The update feed’s latest-linux.yml is not a valid update description \(it is not YAML\)/,
    );
    server.put('latest-linux.yml', 'files:\n  - url: a.AppImage\n    sha512: x\n');
    const missing = await failure(read());
    expect(missing.kind).toBe('invalid-response');
    expect(missing.message).toMatch(/\(version is missing\)/);
    server.put('latest-linux.yml', channelFileText('1.4'));
    expect((await failure(read())).message).toMatch(/version is not a semantic version/);
    server.put('latest-linux.yml', 'version: 1.4.0\nfiles: []\n');
    expect((await failure(read())).message).toMatch(/files lists no installer/);
    server.put('latest-linux.yml', '<html>Moved</html>');
    expect((await failure(read())).message).toMatch(/not a valid update description/);
  });

  it('words an HTTP error, an unreachable feed and a far too large file', async () => {
    const server = await feedServer();
    const read = (url = server.url) => readChannelFile(feedAt(url), { fetch, timers: systemTimers });
    const absent = await failure(read());
    expect(absent.kind).toBe('not-found');
    expect(absent.message).toMatch(
      /answered HTTP 404 for latest-linux.yml: the release may not be published/,
    );
    server.failWith(503);
    expect((await failure(read())).kind).toBe('server');
    server.failWith(null);
    server.put('latest-linux.yml', `version: 1.4.0\nnotes: "${'x'.repeat(300 * 1024)}"\n`);
    expect((await failure(read())).message).toMatch(/far too large/);

    // A port nobody listens on: taken, then given back.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const unreachable = await failure(read(`http://127.0.0.1:${port}/releases/`));
    expect(unreachable.kind).toBe('network');
    expect(unreachable.message).toBe(
      `The update feed at 127.0.0.1:${port} could not be reached. Check the internet connection; the app tries again later.`,
    );
  });

  it('gives up on a feed that does not answer, on the injected timers', async () => {
    const server = await feedServer();
    server.put('latest-linux.yml', channelFileText('1.4.0'));
    server.hold();
    const time = new FakeTime();
    const started = time.now();
    const reading = failure(readChannelFile(feedAt(server.url), { fetch, timers: time, timeoutMs: 30_000 }));
    await time.until(() => server.requests.length === 1, 1000, 10);
    await time.advanceTo(started + 29_999);
    expect(time.pending()).toBe(1);
    await time.advanceTo(started + 30_000);
    const error = await reading;
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 30 seconds/);
  });
});
