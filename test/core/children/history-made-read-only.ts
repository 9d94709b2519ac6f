// Run by history-made-read-only.test.ts as the history's owner (never root, whom no mode stops): opens a
// history in the given folder, watches it on fake time, makes the file and then the folder read-only
// while it runs, and prints what the watch said and whether writes went on, as one JSON line.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryFileWatch } from '../../../electron/core/db/history-file-watch';
import { openDatabase } from '../../../electron/core/db/open-database';
import { FakeTime } from '../../fixtures/fake-time';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const path = join(dir, 'history.sqlite');
  const { db } = openDatabase(path);
  db.exec('CREATE TABLE notes (id TEXT PRIMARY KEY)');
  const time = new FakeTime();
  const notices: string[] = [];
  const watch = new HistoryFileWatch({
    db,
    path,
    clock: time,
    timers: time,
    onNotice: (m) => notices.push(m),
  });
  watch.start();
  const look = async () => {
    await time.advance(2_000);
    await watch.check();
  };
  const wrote: boolean[] = [];
  const write = (id: string) => {
    try {
      db.prepare('INSERT INTO notes (id) VALUES (?)').run(id);
      wrote.push(true);
    } catch {
      wrote.push(false);
    }
  };
  await look();
  chmodSync(path, 0o400);
  await look();
  write('file read-only');
  await look();
  chmodSync(path, 0o600);
  await look();
  chmodSync(dir, 0o500);
  await look();
  write('folder read-only');
  chmodSync(dir, 0o700);
  await watch.dispose();
  const rows = (db.prepare('SELECT id FROM notes ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  db.close();
  process.stdout.write(`${JSON.stringify({ notices, wrote, rows })}\n`);
}

void main();
