// Issue 16 items 3, 5 and 12a for exports: a file the person saves (a job or batch export, the browser
// host's save) is written owner-only (0600) into its folder, made owner-only (0700) when missing, whole
// or not at all, and never through what is planted at its name or its temporary name: a link, a folder,
// a pipe or a file with other hard links there is refused in words and left as it is. Real file system.
import { execFileSync } from 'node:child_process';
import {
  link,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../../electron/core/files/write-file-atomically';

let folder: string;
let outside: string;
let secret: string;
const SECRET = 'the owner’s own file, outside the folder\n';

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'jrs-save-'));
  outside = await mkdtemp(join(tmpdir(), 'jrs-save-outside-'));
  secret = join(outside, 'notes.txt');
  await writeFile(secret, SECRET);
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the save to be refused');
}

describe('writeFileAtomically', () => {
  it('writes the file owner-only, making its missing folders owner-only', async () => {
    const path = join(folder, 'home', 'Downloads', 'jobs.csv');
    await writeFileAtomically(path, 'a,b\n');
    expect(await readFile(path, 'utf8')).toBe('a,b\n');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(folder, 'home', 'Downloads'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'home'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(folder, 'home', 'Downloads'))).toEqual(['jobs.csv']);
  });

  it('replaces a plain file the person chose to save over, owner-only', async () => {
    const path = join(folder, 'jobs.csv');
    await writeFile(path, 'old', { mode: 0o644 });
    await writeFileAtomically(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('a link at the chosen name: refused in words, the file it points to untouched', async () => {
    const path = join(folder, 'jobs.csv');
    await symlink(secret, path);
    const error = await refusal(writeFileAtomically(path, 'x'));
    expect(error.message).toBe(
      `jobs.csv in ${folder} is a link to somewhere else. The app does not write through it, so nothing was written and it was left as it is. Move it away, then try again.`,
    );
    expect(await readFile(secret, 'utf8')).toBe(SECRET);
    expect(await readlink(path)).toBe(secret);
    expect(await readdir(folder)).toEqual(['jobs.csv']);
  });

  it('a dangling link at the chosen name: refused, nothing made where it points', async () => {
    const path = join(folder, 'jobs.csv');
    await symlink(join(outside, 'made.csv'), path);
    await refusal(writeFileAtomically(path, 'x'));
    expect(await readdir(outside)).toEqual(['notes.txt']);
  });

  it('a link at the temporary name the app once used (name.pid.tmp) is never followed', async () => {
    const path = join(folder, 'jobs.csv');
    await symlink(secret, `${path}.${process.pid}.tmp`);
    await writeFileAtomically(path, 'the export');
    expect(await readFile(secret, 'utf8')).toBe(SECRET);
    expect(await readFile(path, 'utf8')).toBe('the export');
    expect((await lstat(path)).isFile()).toBe(true);
  });

  it('a file with another hard link at the chosen name: refused, the other name unchanged', async () => {
    const path = join(folder, 'jobs.csv');
    await link(secret, path);
    const error = await refusal(writeFileAtomically(path, 'x'));
    expect(error.message).toContain('hard links');
    expect(await readFile(secret, 'utf8')).toBe(SECRET);
  });

  it('a folder at the chosen name: refused in words', async () => {
    const path = join(folder, 'jobs.csv');
    await mkdir(path);
    const error = await refusal(writeFileAtomically(path, 'x'));
    expect(error.message).toContain('is a folder');
    expect(await readdir(folder)).toEqual(['jobs.csv']);
  });

  it('a pipe at the chosen name: refused at once, no temporary file left', async () => {
    const path = join(folder, 'jobs.csv');
    execFileSync('mkfifo', [path]);
    const error = await refusal(writeFileAtomically(path, 'x'));
    expect(error.message).toContain('a device, pipe or socket');
    expect(await readdir(folder)).toEqual(['jobs.csv']);
  });
});
