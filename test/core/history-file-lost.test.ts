// The history file deleted, moved or replaced while the app runs, on the real file system: SQLite would go
// on writing into the unnamed file and lose it all at quit. The app notices, says so, and writes what it
// has to a new history at the path (or beside it, when another file took its place), so nothing is lost.
import {
  existsSync,
  linkSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { HistoryFileWatch } from '../../electron/core/db/history-file-watch';
import { openDatabase } from '../../electron/core/db/open-database';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { JobView } from '../../electron/shared/domain/job';
import type { Channel, EventName } from '../../electron/shared/ipc/contract';
import { FakeTime } from '../fixtures/fake-time';
import { value } from '../fixtures/ipc-value';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { tempFilePaths } from '../fixtures/temp-dirs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

const tempPath = tempFilePaths('jrs-lost-', 'history.sqlite');

const rowsOf = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT id FROM notes ORDER BY id').all() as { id: string }[]).map((row) => row.id);
  } finally {
    db.close();
  }
};

/** A history opened as the app opens it, with a table of its own to write to, and a watch on fake time. */
function openWatched(options: { tempName?: () => string } = {}) {
  const path = tempPath();
  const { db } = openDatabase(path);
  db.exec('CREATE TABLE notes (id TEXT PRIMARY KEY)');
  const write = (id: string) => db.prepare('INSERT INTO notes (id) VALUES (?)').run(id);
  const time = new FakeTime();
  const notices: string[] = [];
  const watch = new HistoryFileWatch({
    db,
    path,
    clock: time,
    timers: time,
    onNotice: (m) => notices.push(m),
    log: (line) => logged.push(line),
    ...options,
  });
  const logged: string[] = [];
  watch.start();
  return { path, db, write, time, notices, watch, logged };
}

/** A database of the person's own beside the history (SQLite would take it as a backup's target). */
function personsOwnDatabase(historyPath: string): string {
  const path = join(historyPath, '..', 'theirs.sqlite');
  const db = new Database(path);
  db.exec("CREATE TABLE notes (id TEXT PRIMARY KEY); INSERT INTO notes VALUES ('theirs')");
  db.close();
  return path;
}

describe('the history file watch', () => {
  const forgetting: Array<() => void> = [];
  afterEach(() => forgetting.splice(0).forEach((close) => close()));

  for (const [what, remove] of [
    ['the file alone', (path: string) => rmSync(path)],
    [
      'the file and its -wal and -shm',
      (path: string) => ['', '-wal', '-shm'].forEach((s) => rmSync(path + s)),
    ],
  ] as const) {
    it(`notices ${what} deleted, says so, and keeps a new history at the path up to date`, async () => {
      const { path, db, write, time, notices, watch } = openWatched();
      forgetting.push(() => db.close());
      write('before');
      remove(path);
      write('after-delete');
      await time.advance(2_000);
      await watch.check();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(
        `The history file (${path}) was deleted or moved while the app was running`,
      );
      expect(notices[0]).toMatch(/Nothing is lost.*Quit and start the app again/);
      expect(rowsOf(path)).toEqual(['after-delete', 'before']);
      // Written after the copy: the next look copies again, and so does the last one at quit.
      write('later');
      await time.advance(2_000);
      await watch.check();
      expect(rowsOf(path)).toEqual(['after-delete', 'before', 'later']);
      write('at-quit');
      await watch.dispose();
      expect(rowsOf(path)).toEqual(['after-delete', 'at-quit', 'before', 'later']);
      expect(notices).toHaveLength(1);
      // Nothing half-written is left beside it.
      expect(readdirSync(join(path, '..')).filter((name) => name.includes('copying'))).toEqual([]);
    });
  }

  it('notices the file moved away, and a file put in its place is not overwritten: the copy goes beside it', async () => {
    const { path, db, write, time, notices, watch } = openWatched();
    forgetting.push(() => db.close());
    write('mine');
    renameSync(path, `${path}.moved`);
    writeFileSync(path, 'someone else’s file');
    write('after');
    await time.advance(2_000);
    await watch.check();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/was replaced by another file/);
    const recovered = /wrote what it had to (\S+) and keeps/.exec(notices[0]!)?.[1];
    expect(recovered).toMatch(/history\.sqlite\.recovered-/);
    expect(notices[0]).toContain(`move ${recovered} to ${path}`);
    expect(rowsOf(recovered!)).toEqual(['after', 'mine']);
    await watch.dispose();
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('someone else’s file');
  });

  it('leaves the new history to another program that started using it: this run’s goes beside it', async () => {
    const { path, db, write, time, notices, watch } = openWatched();
    forgetting.push(() => db.close());
    write('mine');
    rmSync(path);
    await time.advance(2_000);
    await watch.check();
    expect(rowsOf(path)).toEqual(['mine']);
    // A jrs command started now opens the new history at the path and writes to it.
    const other = new Database(path);
    other.prepare('INSERT INTO notes (id) VALUES (?)').run('theirs');
    other.close();
    write('mine-later');
    await time.advance(2_000);
    await watch.check();
    expect(notices).toHaveLength(2);
    expect(notices[1]).toContain(`Another program started using the history at ${path}`);
    const aside = /now goes to (\S+) and is kept/.exec(notices[1]!)?.[1];
    expect(aside).toMatch(/history\.sqlite\.recovered-/);
    await watch.dispose();
    // Theirs untouched; ours whole, beside it.
    expect(rowsOf(path)).toEqual(['mine', 'theirs']);
    expect(rowsOf(aside!)).toEqual(['mine', 'mine-later']);
  });

  it('never writes the copy through a link planted where its temporary file was named (name.pid.copying)', async () => {
    const { path, db, write, time, notices, watch } = openWatched();
    forgetting.push(() => db.close());
    // Another program of this user's (or a folder shared on purpose) plants a link at the name the copy
    // once took: the history's pid-named temporary file.
    const victim = personsOwnDatabase(path);
    symlinkSync(victim, `${path}.${process.pid}.copying`);
    write('mine');
    rmSync(path);
    await time.advance(2_000);
    await watch.check();
    expect(rowsOf(victim)).toEqual(['theirs']);
    expect(notices[0]).toMatch(/Nothing is lost/);
    expect(rowsOf(path)).toEqual(['mine']);
    await watch.dispose();
    expect(rowsOf(victim)).toEqual(['theirs']);
  });

  for (const [what, plant] of [
    ['a symbolic link', symlinkSync],
    ['a hard link (a second name of the person’s file)', linkSync],
  ] as const)
    it(`makes its temporary file new (O_EXCL, O_NOFOLLOW): ${what} already at that name is refused, never written through`, async () => {
      const taken = 'history.sqlite.planted.copying';
      const { path, db, write, time, notices, watch, logged } = openWatched({ tempName: () => taken });
      forgetting.push(() => db.close());
      const victim = personsOwnDatabase(path);
      plant(victim, join(path, '..', taken));
      write('mine');
      rmSync(path);
      await time.advance(2_000);
      await watch.check();
      expect(rowsOf(victim)).toEqual(['theirs']);
      expect(notices[0]).toMatch(/a new one could not be written in its folder/);
      expect(logged.join('\n')).toMatch(/could not be copied.*EEXIST/);
      // Nothing of ours is left, and what was planted is left as it was.
      expect(existsSync(path)).toBe(false);
      expect(rowsOf(join(path, '..', taken))).toEqual(['theirs']);
      await watch.dispose();
    });

  it('says nothing while the file is where it was opened', async () => {
    const { db, write, time, notices, watch } = openWatched();
    forgetting.push(() => db.close());
    write('one');
    await time.advance(10_000);
    await watch.dispose();
    expect(notices).toEqual([]);
  });
});

describe('a core whose history file is deleted while it runs', () => {
  let remote: RunningSandbox;
  const cores: AppCore[] = [];
  const dataDirs = tempFilePaths('jrs-lost-core-', 'data');
  beforeAll(async () => {
    remote = await startSandbox({ seed: makeTestSeed({ durationMs: 300 }) });
  });
  afterAll(() => remote.close());
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.dispose()));
  });

  async function newCore(dataDir: string, secrets: MemorySecretStore) {
    const core = await createAppCore({
      dataDir,
      downloadsDir: join(dataDir, '..', 'Downloads'),
      secrets,
      sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 300 })),
      flushMs: 20,
    });
    cores.push(core);
    const events: { event: EventName; payload: unknown }[] = [];
    core.onEvent((event, payload) => events.push({ event, payload }));
    const call = <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
    return { core, events, call };
  }

  const submit = (call: Awaited<ReturnType<typeof newCore>>['call'], headline: string) =>
    call('jobs:submit', {
      projectId: IDS.video,
      projectName: 'Spring promo',
      jobType: 'ai_talking_video',
      values: { headline, photo: { image_url: 'https://example.com/a.png' } },
    });

  it('keeps a job submitted after the deletion: said at quit, and found again after a restart', async () => {
    const dataDir = dataDirs();
    const secrets = new MemorySecretStore();
    const { core, events, call } = await newCore(dataDir, secrets);
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    const first = value(await submit(call, 'Before'));
    const history = join(dataDir, 'history.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(history + suffix, { force: true });
    const second = value(await submit(call, 'After'));
    await core.dispose();
    cores.splice(cores.indexOf(core), 1);
    const said = events
      .filter((e) => e.event === 'history:notice')
      .map((e) => (e.payload as { message: string }).message);
    expect(said).toEqual([expect.stringContaining(`The history file (${history}) was deleted or moved`)]);

    const again = await newCore(dataDir, secrets);
    const jobs = value(await again.call('jobs:list')) as JobView[];
    expect(jobs.map((job) => job.id).sort()).toEqual([first.id, second.id].sort());
    expect(value(await again.call('jobs:notice'))).toEqual({ message: null });
  });
});
