// The history lease on one SQLite file opened by several connections (as the app and the command line
// open it), on fake time: one owner at a time; a clean exit hands over at the next try, a dead owner's
// lease lapses and is taken; writes by another connection are noticed, one's own are not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryLease } from '../../../electron/core/db/sqlite/history-lease';
import { openDatabase } from '../../../electron/core/db/open-database';
import { FakeTime } from '../../fixtures/fake-time';

const LEASE_MS = 9_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-lease-'));
  const time = new FakeTime();
  const path = join(dir, 'history.sqlite');
  /** Processes whose taking over fails (a disk refusing the take-over's writes). */
  const failTakeOver = new Set<string>();
  /** `timers` other than the shared time's stand for a process that no longer runs (they never fire). */
  const open = (name: string, timers: FakeTime = time, pid = 1000, isAlive = (_pid: number) => true) => {
    const { db } = openDatabase(path, () => time.now());
    const events: string[] = [];
    const lease = new HistoryLease({
      db,
      clock: time,
      timers,
      leaseMs: LEASE_MS,
      watchMs: 500,
      pid,
      isAlive,
      onGained: () => {
        events.push(`${name} gained`);
        if (failTakeOver.has(name)) throw new Error(`${name} could not take over`);
      },
      log: (line) => events.push(line),
      onOtherWrites: () => events.push(`${name} saw writes`),
    });
    cleanups.push(() => db.close());
    return { db, lease, events };
  };
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { time, open, failTakeOver };
}

describe('the history lease', () => {
  it('has one owner at a time, and hands over when the owner exits', async () => {
    const { time, open } = setup();
    const app = open('app');
    const cli = open('cli');
    app.lease.start();
    cli.lease.start();
    expect([app.lease.isOwner, cli.lease.isOwner]).toEqual([true, false]);
    expect(app.events).toEqual(['app gained']);

    await time.advance(LEASE_MS * 3);
    // Renewed all along: still the app's, and the command line never gained it.
    expect([app.lease.isOwner, cli.lease.isOwner]).toEqual([true, false]);
    expect(cli.events.filter((event) => event.includes('gained'))).toEqual([]);

    app.lease.dispose();
    await time.advance(LEASE_MS / 3);
    expect(cli.lease.isOwner).toBe(true);
    expect(cli.events).toContain('cli gained');
  });

  it('leaves the lease when taking over fails: at start it says so, later another process takes over', async () => {
    const { time, open, failTakeOver } = setup();
    failTakeOver.add('broken');
    const broken = open('broken');
    await expect(broken.lease.start()).rejects.toThrow('broken could not take over');
    expect(broken.lease.isOwner).toBe(false);

    // Its renewals go on: each one that takes the lease and fails to take over leaves it again, in words.
    const app = open('app');
    await time.advance(LEASE_MS / 3);
    expect(broken.events).toContain(
      'Taking over the history failed, so another process may: broken could not take over',
    );
    expect(broken.lease.isOwner).toBe(false);
    await app.lease.start();
    expect(app.lease.isOwner).toBe(true);
    expect(app.events).toContain('app gained');
  });

  it('takes over from an owner that died, once its lease has lapsed and not before', async () => {
    const { time, open } = setup();
    // Killed right after taking the lease: no dispose, and its renewals never run.
    const dead = open('dead', new FakeTime());
    dead.lease.start();
    expect(dead.lease.isOwner).toBe(true);
    const survivor = open('survivor');
    survivor.lease.start();
    expect(survivor.lease.isOwner).toBe(false);
    await time.advance(LEASE_MS - 1);
    expect(survivor.lease.isOwner).toBe(false);
    await time.advance(LEASE_MS);
    expect(survivor.lease.isOwner).toBe(true);
  });

  it('takes over at once from an owner whose process is gone from this computer', async () => {
    const { open } = setup();
    const dead = open('dead', new FakeTime(), 4242);
    dead.lease.start();
    const living = new Set([1000]);
    const survivor = open('survivor', undefined, 1000, (pid) => living.has(pid));
    survivor.lease.start();
    expect(survivor.lease.isOwner).toBe(true);
    expect(survivor.events).toEqual(['survivor gained']);
  });

  it('waits for the lease of an owner whose process still runs', async () => {
    const { open } = setup();
    const busy = open('busy', new FakeTime(), 4242);
    busy.lease.start();
    const other = open('other', undefined, 1000, () => true);
    other.lease.start();
    expect(other.lease.isOwner).toBe(false);
  });

  it('notices another connection’s writes, not its own renewals', async () => {
    const { time, open } = setup();
    const app = open('app');
    const cli = open('cli');
    app.lease.start();
    cli.lease.start();
    await time.advance(1_000);
    expect(app.events.filter((event) => event.includes('writes'))).toEqual([]);

    cli.db.prepare(`INSERT INTO settings (account_id, key, value_json) VALUES ('a', 'x', '1')`).run();
    await time.advance(500);
    expect(app.events).toContain('app saw writes');
  });

  it('notices a write another connection made just before its own renewal', async () => {
    const { time, open } = setup();
    const app = open('app');
    const cli = open('cli');
    app.lease.start();
    cli.lease.start();
    // Renewals every 3 s, watches every 500 ms: the write lands after the watch at 2.5 s, before the
    // renewal at 3 s, and the watch at 3.5 s must still see it.
    await time.advance(2_600);
    app.events.length = 0;
    cli.db.prepare(`INSERT INTO settings (account_id, key, value_json) VALUES ('a', 'x', '1')`).run();
    await time.advance(1_000);
    expect(app.events).toEqual(['app saw writes']);
  });
});
