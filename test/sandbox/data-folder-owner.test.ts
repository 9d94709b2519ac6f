// The standalone sandbox's --data-dir on the real file system: the same owner checks as the app's data
// folder (node-shared/private-files.ts) — a folder another user owns, or a link in its place owned by
// another user, is refused in words and nothing is written there — while a folder someone named is
// checked but never tightened (it may be a project folder); one that is missing is made owner-only.
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { folderOfAnotherUser, linkOfAnotherUser } from '../fixtures/another-users-folder';
import { makeTestSeed } from '../fixtures/test-seed';

const roots: string[] = [];
const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function newRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'jrs-sandbox-owner-'));
  roots.push(root);
  return root;
}

const modeOf = (path: string) => (lstatSync(path).mode & 0o777).toString(8);

async function start(dataDir: string): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ seed: makeTestSeed(), dataDir });
  running.push(sandbox);
  return sandbox;
}

describe.skipIf(process.platform === 'win32')('the sandbox’s --data-dir', () => {
  it('is made owner-only when missing, and never tightened when someone named an existing one', async () => {
    const root = newRoot();
    const missing = join(root, 'new-data');
    await start(missing);
    expect(modeOf(missing)).toBe('700');
    expect(modeOf(join(missing, 'sandbox.sqlite'))).toBe('600');
    expect(modeOf(join(missing, 'files'))).toBe('700');

    const project = join(root, 'project');
    mkdirSync(project);
    chmodSync(project, 0o755);
    await start(project);
    expect(modeOf(project)).toBe('755');
    expect(modeOf(join(project, 'sandbox.sqlite'))).toBe('600');
    expect(modeOf(join(project, 'files'))).toBe('700');
  });

  it('says a pipe where its database goes, in words, instead of a disk I/O error', async () => {
    const root = newRoot();
    execFileSync('mkfifo', [join(root, 'sandbox.sqlite')]);
    const refused = await start(root).catch((error: unknown) => error);
    expect((refused as Error).message).toBe(
      `The sandbox's database (${join(root, 'sandbox.sqlite')}) is a pipe (FIFO), not a file. Move it away, or choose another --data-dir.`,
    );
    expect(lstatSync(join(root, 'sandbox.sqlite')).isFIFO()).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses, in words, a folder owned by another user, or a link to one owned by another user',
    async () => {
      const root = newRoot();
      const theirs = folderOfAnotherUser(root);
      const refused = await start(theirs).catch((error: unknown) => error);
      expect((refused as Error).message).toBe(
        `${theirs} belongs to another user of this computer (user id 65534), who could read or swap what is kept there. Choose a folder of your own.`,
      );
      expect(readdirSync(theirs)).toEqual([]);

      const { link, mine } = linkOfAnotherUser(root);
      const viaLink = await start(link).catch((error: unknown) => error);
      expect((viaLink as Error).message).toMatch(/is a link owned by another user of this computer/);
      expect(readdirSync(mine)).toEqual([]);
    },
  );
});
