// The history file, then its folder, made read-only while the app runs, on the real file system: the open
// file is still written (nothing is lost now), and the person is told once each time, with what to make
// writable, since the next start could only show the history. Run as the history's owner in a process of
// its own: root writes through any mode, so as root the child runs as nobody.
import { spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const CHILD = join(__dirname, 'children', 'history-made-read-only.ts');
const AS_ROOT = process.getuid?.() === 0;
const OTHER = 65534;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it.skipIf(process.platform === 'win32')(
  'says so once for the file and once for its folder, naming what to chmod, and loses no write',
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'jrs-made-ro-'));
    dirs.push(root);
    const dir = join(root, 'data');
    mkdirSync(dir, { mode: 0o700 });
    if (AS_ROOT) for (const path of [root, dir]) chownSync(path, OTHER, OTHER);
    const command = AS_ROOT ? 'setpriv' : process.execPath;
    const args = [
      ...(AS_ROOT ? [`--reuid=${OTHER}`, `--regid=${OTHER}`, '--clear-groups', process.execPath] : []),
      '--import',
      'tsx',
      CHILD,
      dir,
    ];
    const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env['PATH'], HOME: root } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { notices, wrote, rows } = JSON.parse(stdout) as {
      notices: string[];
      wrote: boolean[];
      rows: string[];
    };
    const path = join(dir, 'history.sqlite');
    expect(notices).toEqual([
      `The job history file (${path}) was made read-only while the app was running. The app goes on saving to the file it has open until it quits, but after that it could only show the history, not add to it. Make it writable again (for example: chmod u+w "${path}").`,
      `The job history folder (${dir}) was made read-only while the app was running. The app goes on saving to the file it has open until it quits, but after that it could only show the history, not add to it. Make it writable again (for example: chmod u+w "${dir}").`,
    ]);
    expect(wrote).toEqual([true, true]);
    expect(rows).toEqual(['file read-only', 'folder read-only']);
  },
);
