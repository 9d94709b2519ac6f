// Run by download.ts in a child process of its own: saves many outputs with the app's download queue as
// the app runs it (its SQLite history, its default settings, so the number of downloads at once is the
// queue's own choice; node's file system; every file synced, verified and named done in the history), on
// links signed beforehand (the ones curl gets, read from a JSON file), and prints one JSON line: the time
// from queuing to the last file done, and where each file was saved.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/core/db/open-database';
import { sqliteStores } from '../../../electron/core/db/sqlite/sqlite-stores';
import { nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { DownloadQueue } from '../../../electron/core/downloads/download-queue';
import { defaultDownloadSettings } from '../../../electron/core/downloads/download-settings';
import type { DownloadSettingsStore } from '../../../electron/core/downloads/download-settings';
import type { DownloadStore } from '../../../electron/core/downloads/download-store';
import type { Job } from '../../../electron/core/jobs/job';
import { systemClock, systemTimers } from '../../../electron/core/kernel/ports';
import { finishedJob } from '../../fixtures/finished-job';

const [accountUrl, linksFile, folder, dataDir] = process.argv.slice(2) as [string, string, string, string];
const ACCOUNT = 'bench-account';

function jobOf(id: string, outputPath: string): Job {
  return finishedJob(id, {
    accountId: ACCOUNT,
    projectId: 'bench',
    projectName: 'Bench many',
    jobType: 'video',
    tracking: 'done' as Job['tracking'],
    source: 'app' as Job['source'],
    creditUsed: 1,
    outputPath,
    createdAt: null,
    finishedAt: null,
  });
}

/** The store's methods, bound (a class's are not own properties to spread). */
function bind(store: DownloadStore): DownloadStore {
  return {
    enqueue: (row) => store.enqueue(row),
    get: (jobId) => store.get(jobId),
    list: (accountId) => store.list(accountId),
    inState: (state) => store.inState(state),
    save: (row) => store.save(row),
    remove: (jobId) => store.remove(jobId),
    removeAccount: (accountId) => store.removeAccount(accountId),
  };
}

async function main(): Promise<void> {
  const links = JSON.parse(await readFile(linksFile, 'utf8')) as Array<{ path: string; url: string }>;
  const jobs = new Map(links.map((link, i) => [`job-${String(i).padStart(4, '0')}`, jobOf('', link.path)]));
  for (const [id, job] of jobs) job.id = job.uuid = id;
  const urls = new Map(links.map((link) => [link.path, link.url]));
  const { db } = openDatabase(join(dataDir, 'history.sqlite'));
  const stores = sqliteStores(db);
  // Every job's id in its file name: one file each, in the folder.
  const settings = { ...defaultDownloadSettings(folder), template: '{uuid}' };
  // Told by the history itself: the queue's last write of each file (done) is what is waited for.
  const done = new Set<string>();
  let allDone: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const repo: DownloadStore = {
    ...bind(stores.downloads),
    async save(row) {
      await stores.downloads.save(row);
      if (row.state === 'failed') process.stderr.write(`${row.jobId} failed: ${row.error}\n`);
      if (row.state === 'done') done.add(row.jobId);
      if (done.size === jobs.size) allDone();
    },
  };
  const queue = new DownloadQueue({
    repo,
    job: async (jobId) => jobs.get(jobId),
    settings: { get: async () => settings } as unknown as DownloadSettingsStore,
    sign: async (_accountId, storagePath) => urls.get(storagePath) ?? '',
    accountUrl: () => accountUrl,
    fs: nodeDownloadFs,
    clock: systemClock,
    timers: systemTimers,
    emit: () => undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const started = performance.now();
  await queue.start([...jobs.keys()]);
  await finished;
  const ms = performance.now() - started;
  await queue.dispose();
  const rows = await stores.downloads.list(ACCOUNT);
  db.close();
  const saved = Object.fromEntries(rows.map((row) => [jobs.get(row.jobId)?.outputPath ?? '', row.path]));
  process.stdout.write(`${JSON.stringify({ ms, saved })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
