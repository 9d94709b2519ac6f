// Issue 16 item 3: nothing planted in the download folder can make the downloader write elsewhere. A link,
// a hard link, a folder or a pipe at `<name>.part` is refused in words and left as it is (the file it
// leads to is untouched byte for byte); a link or a folder at the final name is never followed nor
// renamed over: the file gets a free numbered name. Real files, links and pipes; a real server on loopback.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { renameSync, symlinkSync } from 'node:fs';
import {
  link,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadError, downloadFile } from '../../../electron/core/downloads/download-file';
import { createNodeDownloadFs, nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { startFileServer, type FileServer } from '../../fixtures/file-server';

const SIZE = 256 * 1024 + 7;
let content: Buffer;
let server: FileServer;
let root: string;
let outside: string;
let secret: string;
const SECRET_BYTES = Buffer.from('the owner’s own file, outside the download folder\n');

beforeEach(async () => {
  content = randomBytes(SIZE);
  server = await startFileServer(content);
  root = await mkdtemp(join(tmpdir(), 'jrs-planted-'));
  outside = await mkdtemp(join(tmpdir(), 'jrs-outside-'));
  secret = join(outside, 'notes.txt');
  await writeFile(secret, SECRET_BYTES);
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const target = () => join(root, 'render.mp4');

function run() {
  return downloadFile({
    sign: async () => server.sign(),
    accountUrl: server.url,
    root,
    target: target(),
    fs: nodeDownloadFs,
  });
}

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DownloadError) return error;
    throw error;
  }
  throw new Error('expected the download to fail');
}

describe('a planted .part', () => {
  it('a link to a file outside the folder: refused in words, the file untouched byte for byte', async () => {
    await symlink(secret, `${target()}.part`);
    const error = await failure(run());
    expect(error.kind).toBe('unsafe');
    expect(error.message).toContain('render.mp4.part');
    expect(error.message).toContain('a link to somewhere else');
    expect(error.message).toContain('nothing was written');
    expect((await readFile(secret)).equals(SECRET_BYTES)).toBe(true);
    expect(await readlink(`${target()}.part`)).toBe(secret);
    expect(await readdir(root)).toEqual(['render.mp4.part']);
  });

  it('a dangling link: refused, and nothing is made where it points', async () => {
    const nowhere = join(outside, 'made-by-the-download.mp4');
    await symlink(nowhere, `${target()}.part`);
    const error = await failure(run());
    expect(error.kind).toBe('unsafe');
    expect(await readdir(outside)).toEqual(['notes.txt']);
  });

  it('a hard link to a file outside (two names): refused, the file untouched', async () => {
    await link(secret, `${target()}.part`);
    expect((await stat(secret)).nlink).toBe(2);
    const error = await failure(run());
    expect(error.kind).toBe('unsafe');
    expect(error.message).toContain('hard links');
    expect((await readFile(secret)).equals(SECRET_BYTES)).toBe(true);
  });

  it('a pipe (FIFO): refused at once, without waiting for a reader', async () => {
    execFileSync('mkfifo', [`${target()}.part`]);
    const error = await failure(run());
    expect(error.kind).toBe('unsafe');
    expect(error.message).toContain('a device, pipe or socket');
    expect((await lstat(`${target()}.part`)).isFIFO()).toBe(true);
  });

  it('a folder: refused in words', async () => {
    await mkdir(`${target()}.part`);
    const error = await failure(run());
    expect(error.kind).toBe('unsafe');
    expect(error.message).toContain('a folder');
  });
});

describe('a planted final name', () => {
  it('a link to an outside file with the same bytes: not taken for the download, nor followed', async () => {
    const twin = join(outside, 'twin.mp4');
    await writeFile(twin, content);
    await symlink(twin, target());
    const result = await run();
    expect(result.alreadyThere).toBe(false);
    expect(result.path).toBe(join(root, 'render (2).mp4'));
    expect((await lstat(target())).isSymbolicLink()).toBe(true);
    expect((await lstat(result.path)).isFile()).toBe(true);
    expect((await readFile(result.path)).equals(content)).toBe(true);
  });

  it('a link to an outside file: left as it is, the file gets a free name', async () => {
    await symlink(secret, target());
    const result = await run();
    expect(result.path).toBe(join(root, 'render (2).mp4'));
    expect(await readlink(target())).toBe(secret);
    expect((await readFile(secret)).equals(SECRET_BYTES)).toBe(true);
  });

  it('a folder: never renamed over, the file gets a free name', async () => {
    await mkdir(target());
    await writeFile(join(target(), 'inside.txt'), 'kept');
    const result = await run();
    expect(result.path).toBe(join(root, 'render (2).mp4'));
    expect(await readFile(join(target(), 'inside.txt'), 'utf8')).toBe('kept');
    expect((await readFile(result.path)).equals(content)).toBe(true);
  });
});

describe('owner-only files', () => {
  it('the .part is created 0600, and the finished file stays so', async () => {
    server.set({ cutAfter: 100_000, cuts: 1 });
    await failure(run());
    expect((await stat(`${target()}.part`)).mode & 0o777).toBe(0o600);
    await run();
    expect((await stat(target())).mode & 0o777).toBe(0o600);
  });

  it('a .part left readable by all (an older version) is made owner-only when resumed', async () => {
    await writeFile(`${target()}.part`, content.subarray(0, 1000), { mode: 0o644 });
    await run();
    expect((await stat(target())).mode & 0o777).toBe(0o600);
    expect((await readFile(target())).equals(content)).toBe(true);
  });
});

// The folder is checked again right before each `.part` is opened and before the file is placed: in a shared
// download root, someone who swaps `<root>/<batch>` for a link while a download is retried or running must
// not get the `.part` nor the file written where the link leads.
describe('a subfolder swapped for a link during the download', () => {
  const batch = () => join(root, 'batch');
  const inBatch = () => join(batch(), 'render.mp4');

  /** `<root>/batch` moved away and a link to `to` put in its place (what another user of the root can do). */
  async function swap(to: string): Promise<void> {
    await rename(batch(), join(root, 'batch-moved'));
    await symlink(to, batch());
  }

  function runInBatch(extra: Partial<Parameters<typeof downloadFile>[0]> = {}) {
    return downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target: inBatch(),
      fs: nodeDownloadFs,
      ...extra,
    });
  }

  it('between two tries (a refused link signed again): refused, no .part made outside', async () => {
    let swapped = false;
    const error = await failure(
      runInBatch({
        // The first try uses a link the server no longer takes (403): its .part is opened in the batch
        // folder; the folder is swapped while a fresh link is signed, before the second try opens it again.
        url: `${server.url}/outputs/render.mp4?sig=expired`,
        sign: async () => {
          if (!swapped) await swap(outside);
          swapped = true;
          return server.sign();
        },
      }),
    );
    expect(swapped).toBe(true);
    expect(error.kind).toBe('unsafe');
    expect(error.message).toContain(batch());
    expect(error.message).toContain('Nothing was written there');
    expect((await readdir(outside)).sort()).toEqual(['notes.txt']);
    expect((await readFile(secret)).equals(SECRET_BYTES)).toBe(true);
  });

  it('swapped for a link to another folder inside the root: refused all the same (not the folder seen)', async () => {
    const other = join(root, 'other');
    await mkdir(other);
    let swapped = false;
    const error = await failure(
      runInBatch({
        url: `${server.url}/outputs/render.mp4?sig=expired`,
        sign: async () => {
          if (!swapped) await swap(other);
          swapped = true;
          return server.sign();
        },
      }),
    );
    expect(error.kind).toBe('unsafe');
    expect(await readdir(other)).toEqual([]);
  });

  it('before the file is placed (the .part moved along with it): refused, no file made outside', async () => {
    let swapped = false;
    const error = await failure(
      runInBatch({
        onProgress: (done) => {
          if (done !== SIZE || swapped) return;
          swapped = true;
          // Synchronous: the swap is complete before the downloader's next step.
          renameSync(batch(), join(root, 'batch-moved'));
          renameSync(join(root, 'batch-moved', 'render.mp4.part'), join(outside, 'render.mp4.part'));
          symlinkSync(outside, batch());
        },
      }),
    );
    expect(swapped).toBe(true);
    expect(error.kind).toBe('unsafe');
    expect((await readdir(outside)).sort()).toEqual(['notes.txt', 'render.mp4.part']);
  });
});

// The free-name check and the placing are one step: a file another program makes at the final name in
// between is kept, never replaced in silence; the download takes the next free name.
describe('a file made at the final name just before the file is placed', () => {
  it('is kept, and the download gets “ (2)”', async () => {
    const theirs = Buffer.from('another program’s file, saved a moment ago\n');
    let planted = false;
    // The real file system, with another program's save slipped in right before the step that puts the
    // file at its name (after every look the downloader can take).
    const plant = async (to: string) => {
      if (planted || to !== target()) return;
      planted = true;
      await writeFile(to, theirs, { flag: 'wx' });
    };
    const fs = createNodeDownloadFs({
      link: async (from, to) => {
        await plant(String(to));
        return link(from, to);
      },
      rename: async (from, to) => {
        await plant(String(to));
        return rename(from, to);
      },
    });
    const result = await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target: target(),
      fs,
    });
    expect(planted).toBe(true);
    expect((await readFile(target())).equals(theirs)).toBe(true);
    expect(result.path).toBe(join(root, 'render (2).mp4'));
    expect((await readFile(result.path)).equals(content)).toBe(true);
    expect((await readdir(root)).sort()).toEqual(['render (2).mp4', 'render.mp4']);
  });

  it('where the disk cannot make a hard link (EPERM), the file is still placed', async () => {
    const fs = createNodeDownloadFs({
      link: async () => {
        throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
      },
    });
    const result = await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target: target(),
      fs,
    });
    expect(result.path).toBe(target());
    expect((await readFile(target())).equals(content)).toBe(true);
    expect(await readdir(root)).toEqual(['render.mp4']);
  });
});

describe('a placed file is durable under its name', () => {
  it('syncs the folder after the name is made, before the download is done', async () => {
    const steps: string[] = [];
    const fs = createNodeDownloadFs({
      link: async (from, to) => {
        steps.push('link');
        return link(from, to);
      },
      syncFolder: async (folder) => {
        // The name is there when the folder is synced: that is what the sync makes survive a power cut.
        steps.push(`sync ${folder} ${(await readdir(folder)).includes('render.mp4')}`);
      },
    });
    const result = await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target: target(),
      fs,
    });
    expect(result.path).toBe(target());
    expect(steps).toEqual(['link', `sync ${root} true`]);
  });

  it('syncs the folder where the disk cannot make a hard link, too', async () => {
    const synced: string[] = [];
    const fs = createNodeDownloadFs({
      link: async () => {
        throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
      },
      syncFolder: async (folder) => {
        synced.push(folder);
      },
    });
    await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target: target(),
      fs,
    });
    expect(synced).toEqual([root]);
  });
});

describe('a placing cut between its two steps', () => {
  it('the app stopped after the hard link, before the .part name went: the file is found placed, nothing fetched', async () => {
    // What the disk holds then: the whole file under both names (one file, two names).
    await writeFile(join(root, 'render.mp4'), 'someone else’s file');
    await writeFile(`${target()}.part`, content);
    await link(`${target()}.part`, join(root, 'render (2).mp4'));
    const result = await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target: target(),
      // What the history kept of the download when it finished.
      resume: { etag: '"v1"', total: SIZE },
      fs: nodeDownloadFs,
    });
    expect(result).toMatchObject({ path: join(root, 'render (2).mp4'), bytes: SIZE, fetched: 0 });
    expect(server.requests).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['render (2).mp4', 'render.mp4']);
    expect((await stat(result.path)).nlink).toBe(1);
  });
});
