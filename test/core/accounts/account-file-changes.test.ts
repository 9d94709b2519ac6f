// Changes to accounts.json never lose an account: two changes in one process run one after another (the
// second reads what the first wrote), two processes on one data folder take turns under the lock file, a
// lock left by a dead or stuck process is broken, and a file that cannot be read, or is not an account
// list, is never taken for an empty one: the change is refused in words and the file left as it was.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withFileLock } from '../../../electron/core/accounts/account-file-lock';
import { AccountFileStore, type StoredAccount } from '../../../electron/core/accounts/account-file';
import { AccountRegistry } from '../../../electron/core/accounts/account-registry';
import { AppError } from '../../../electron/core/kernel/app-error';

const ROOT = resolve(__dirname, '../../..');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-account-changes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const account = (id: string): StoredAccount => ({
  id,
  name: id,
  baseUrl: 'https://example.com',
  keyLast4: '0000',
  kind: 'remote',
  storage: 'key-file',
});

const onDisk = (): string[] =>
  (
    JSON.parse(readFileSync(join(dir, 'accounts.json'), 'utf8')) as { accounts: StoredAccount[] }
  ).accounts.map((saved) => saved.id);

/** What is at the path: a folder, or a file's text. */
const snapshot = (path: string): string =>
  statSync(path).isDirectory() ? 'a folder' : readFileSync(path, 'utf8');

async function registry(): Promise<AccountRegistry> {
  const made = new AccountRegistry(new AccountFileStore(dir));
  await made.load();
  return made;
}

it('keeps both of two changes made at once in one process (an add while a removal arrives)', async () => {
  const accounts = await registry();
  await accounts.add(account('x'));
  await Promise.all([accounts.add(account('new')), accounts.remove('x'), accounts.add(account('other'))]);
  expect(onDisk().sort()).toEqual(['new', 'other']);
  expect(
    accounts
      .list()
      .map((saved) => saved.id)
      .sort(),
  ).toEqual(['new', 'other']);
});

it('keeps every account two processes add at once to one data folder', async () => {
  const children = ['a', 'b'].map((prefix) =>
    spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test/core/children/account-changes.ts'), dir, prefix, '40'],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    ),
  );
  const exits = children.map(
    (run) => new Promise<number | null>((done, fail) => run.once('error', fail).once('exit', done)),
  );
  // Both loaded, then both go at once.
  await Promise.all(children.map((run) => new Promise((ready) => run.stdout.once('data', ready))));
  for (const run of children) run.stdin.write('go\n');
  expect(await Promise.all(exits)).toEqual([0, 0]);
  const ids = onDisk();
  expect(ids).toHaveLength(80);
  for (const prefix of ['a', 'b']) for (let n = 0; n < 40; n += 1) expect(ids).toContain(`${prefix}-${n}`);
}, 60_000);

it.each([
  ['is not an account list', () => writeFileSync(join(dir, 'accounts.json'), '{"version": 2, "people": []}')],
  ['cannot be read (a folder has its name)', () => mkdirSync(join(dir, 'accounts.json'))],
])('refuses a change in words, and leaves the file as it was, when accounts.json %s', async (_, spoil) => {
  const accounts = await registry();
  await accounts.add(account('kept'));
  const path = join(dir, 'accounts.json');
  rmSync(path);
  spoil();
  const before = snapshot(path);
  const refusal = await accounts.add(account('new')).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(AppError);
  expect((refusal as AppError).message).toContain(`The account list (${path}) could not be read`);
  expect((refusal as AppError).message).toContain('nothing was changed');
  expect(snapshot(path)).toEqual(before);
  // The view is kept, not emptied; the list is not taken as whole.
  expect(accounts.list().map((saved) => saved.id)).toEqual(['kept']);
  expect(accounts.isWhole()).toBe(false);
});

it('waits for another process holding the lock, and breaks a lock whose process is dead or that is old', async () => {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, 'accounts.json.lock');
  const store = new AccountFileStore(dir, { waitMs: 0, sleep: async () => undefined });
  // A live holder (this very process, another change in flight): the change waits, then gives up in words.
  writeFileSync(
    lock,
    JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), token: 't' }),
  );
  const waited = await store.update((file) => file).catch((error: unknown) => error);
  expect((waited as AppError).message).toContain('is being changed by another program');
  expect(readFileSync(lock, 'utf8')).toContain('"token":"t"');
  // A holder that is dead: broken at once.
  writeFileSync(
    lock,
    JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), token: 'd' }),
  );
  await store.update((file) => ({ ...file, accounts: [account('after-dead')] }));
  expect(onDisk()).toEqual(['after-dead']);
  // A live holder that has held it for longer than a change can take: broken.
  writeFileSync(
    lock,
    JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), token: 's' }),
  );
  const past = new Date(Date.now() - 60_000);
  utimesSync(lock, past, past);
  await store.update((file) => ({ ...file, accounts: [account('after-old')] }));
  expect(onDisk()).toEqual(['after-old']);
  // Released after each change: nothing left behind.
  expect(() => readFileSync(lock)).toThrow(/ENOENT/);
});

it('runs what it guards while holding a lock only one holder at a time', async () => {
  const lock = join(dir, 'x.lock');
  const order: string[] = [];
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const inside = new Promise<void>((done) => (entered = done));
  const first = withFileLock(lock, 'X', () => {
    order.push('first in');
    entered();
    return new Promise<void>((done) => (release = done)).then(() => void order.push('first out'));
  });
  // The first holds the lock before the second asks (one turn of the loop was not always enough for its
  // open to come back on a busy machine, and the second then took the lock first).
  await inside;
  const second = withFileLock(lock, 'X', async () => void order.push('second in'), {
    sleep: async () => {
      release();
      await first;
    },
  });
  await Promise.all([first, second]);
  expect(order).toEqual(['first in', 'first out', 'second in']);
});
