// Builds the app's core: wiring only. Each domain (accounts, projects, assets, jobs, shell) brings its
// IPC handlers; main and the e2e harness both run exactly this.
import { EventBus } from '../kernel/events';
import { join } from 'node:path';
import type { EventName, Handlers, PayloadOf } from '../../shared/ipc/contract';
import { accountHandlers } from '../accounts/account-handlers';
import { accountsSnapshot } from '../accounts/account-snapshot';
import { openAccounts, type Accounts } from '../accounts/accounts';
import { assetHandlers } from '../assets/asset-handlers';
import { assetPreviewHandler } from '../assets/asset-preview-handler';
import { withHistoryFaults } from '../db/history-faults';
import { HistoryFileWatch } from '../db/history-file-watch';
import { openDatabase } from '../db/open-database';
import { sqliteStores } from '../db/sqlite/sqlite-stores';
import { openBatches } from '../batches/batches-domain';
import { openDownloads } from '../downloads/downloads-domain';
import { formHandlers } from '../forms/form-handlers';
import { FormMemoryRepository } from '../forms/form-memory-repository';
import { openJobs } from '../jobs/jobs-domain';
import { projectHandlers } from '../projects/project-handlers';
import { resultHandlers } from '../results/result-handlers';
import { ThumbnailMaker } from '../results/thumbnail-maker';
import { shellHandlers } from '../shell/shell-handlers';
import { openStorage } from '../storage/storage-domain';
import { openUpdates } from '../updates/updates-domain';
import { DisplayName } from '../team/display-name';
import { teamHandlers } from '../team/team-handlers';
import type { AppCore, AppCoreDeps, CoreEventListener } from './app-core.types';
import { alwaysOnline, silentNotifier, systemClock, systemTimers } from '../kernel/ports';
import { HistoryLease } from '../db/sqlite/history-lease';
import { securePrivateDataFolder } from './private-data-folder';
import { savingInFolder } from './export-folder';

export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  const listeners = new Set<CoreEventListener>();
  const emit = <E extends EventName>(event: E, payload: PayloadOf<E>) => {
    for (const listener of listeners) listener(event, payload);
  };

  // Before anything is read or written there: owner-only, or refused when another user owns it.
  securePrivateDataFolder(deps.dataDir);
  // Bound once `accounts` exists: health changes may be reported while it is being opened.
  let accounts: Accounts | null = null;
  accounts = await openAccounts({
    dataDir: deps.dataDir,
    keychain: deps.secrets,
    sandbox: deps.sandbox,
    sessionAccounts: deps.sessionAccounts,
    log: deps.log,
    onChange: () => {
      if (accounts) emit('accounts:changed', accountsSnapshot(accounts));
    },
  });
  const opened = accounts;

  const clock = deps.clock ?? systemClock;
  const given = deps.notifier ?? silentNotifier;
  const notifier = given.viaPage
    ? { ...given, notify: (notification: PayloadOf<'app:notify'>) => emit('app:notify', notification) }
    : given;
  const historyPath = join(deps.dataDir, 'history.sqlite');
  const { db, notice, readOnly } = openDatabase(historyPath, () => clock.now());
  const stores = sqliteStores(db);
  // The latest thing the person must know about the history file (`jobs:notice` answers it, and each new
  // one is sent as an event): a damaged file set aside at start, the file lost while the app runs.
  let historyNotice = notice;
  const sayAboutHistory = (message: string) => {
    historyNotice = message;
    deps.log?.(message);
    emit('history:notice', { message });
  };
  if (notice) deps.log?.(notice);
  const historyWatch = new HistoryFileWatch({
    db,
    path: historyPath,
    readOnly,
    clock,
    timers: deps.timers ?? systemTimers,
    onNotice: sayAboutHistory,
    log: deps.log,
  });
  // The app, the browser host and the command line may share this history: one of them at a time does its
  // background work. The domains subscribe to what the lease says once each is open; it starts last (below),
  // since taking the lease starts that work.
  // A failure taking over the history (settling cut-off submissions, archiving orphans) is not swallowed:
  // it leaves the lease (at start, createAppCore rejects), rather than an owner that does no work and never
  // lets another process take over.
  const ownership = new EventBus<{ gained: undefined; otherWrites: undefined }>((error) => {
    throw error;
  });
  const lease = new HistoryLease({
    db,
    clock,
    timers: deps.timers ?? systemTimers,
    ...deps.lease,
    onGained: () => ownership.emit('gained', undefined),
    onOtherWrites: () => ownership.emit('otherWrites', undefined),
  });
  const isOwner = () => lease.isOwner;
  // Downloads open first: they read jobs and batches from the stores, and the jobs domain's exports start
  // in their folder.
  const openedDownloads = openDownloads({
    downloads: stores.downloads,
    settings: stores.settings,
    isOwner,
    jobs: stores.jobs,
    batch: (batchId) => stores.batches.templateBatch(batchId),
    accounts: opened,
    downloadsDir: deps.downloadsDir,
    downloadFolder: deps.downloadFolder,
    autoDownload: deps.autoDownload,
    clock,
    timers: deps.timers ?? systemTimers,
    fs: deps.downloadFs,
    dialogs: deps.dialogs,
    fileShell: deps.fileShell,
    emit: (payload) => emit('downloads:changed', payload),
    log: deps.log,
  });
  // Exports start in the active account's download folder.
  const exportDialogs = savingInFolder(
    deps.dialogs,
    async () => (await openedDownloads.handlers['downloads:settings'](undefined)).folder,
  );
  // The name this installation records on every job it submits (issue 19).
  const displayName = new DisplayName(stores.settings);
  const jobs = openJobs({
    submittedBy: () => displayName.current(),
    isOwner,
    jobs: stores.jobs,
    notice,
    accounts: opened,
    clock,
    timers: deps.timers ?? systemTimers,
    random: deps.random ?? Math.random,
    power: deps.power ?? alwaysOnline,
    notifier,
    dialogs: exportDialogs,
    flushMs: deps.flushMs,
    emitChanged: (payload) => emit('jobs:changed', payload),
    emitCredits: (accountId, credits) => emit('credits:changed', { accountId, credits }),
    emitPollHealth: (health) => emit('jobs:pollHealth', health),
    log: deps.log,
  });
  // A followed job that finished may have its file saved now.
  jobs.events.on('job:finished', (job) => openedDownloads.jobSucceeded(job));

  const forms = new FormMemoryRepository(stores.settings);
  const storage = openStorage({
    settings: stores.settings,
    assetCache: stores.assetCache,
    accounts: opened,
    keychain: deps.secrets,
    clock,
  });
  const openedBatches = openBatches({
    batches: stores.batches,
    settings: stores.settings,
    isOwner,
    jobs,
    clock,
    timers: deps.timers ?? systemTimers,
    emit: (payload) => emit('batches:changed', payload),
    startDownloads: (ids) => openedDownloads.handlers['downloads:start']({ ids }),
    localFile: (jobId) => openedDownloads.fileOf(jobId),
    dialogs: exportDialogs,
    log: deps.log,
    emitImportProgress: (payload) => emit('imports:progress', payload),
    uploaderFor: (accountId) => storage.uploaderFor(accountId),
  });
  ownership.on('gained', () => {
    jobs.ownerGained();
    openedDownloads.ownerGained();
    openedBatches.wakeAll();
  });
  ownership.on('otherWrites', () => {
    jobs.otherWrites();
    openedDownloads.otherWrites();
    openedBatches.wakeAll();
  });
  // The desktop app's updates (main gives deps.updates); elsewhere the channels answer that there are none.
  const updates = openUpdates({
    settings: stores.settings,
    host: deps.updates,
    clock,
    timers: deps.timers ?? systemTimers,
    emit: (status) => emit('updates:changed', status),
    log: deps.log,
  });

  // A read-only history is shown as it is: this process never becomes the owner (which writes), so no
  // background work starts, and a change asked for is refused in words (history-faults.ts).
  if (!readOnly) lease.start();
  historyWatch.start();

  const handlers: Handlers = {
    ...accountHandlers(opened, (accountId, deleteHistory) => {
      jobs.accountRemoved(accountId, deleteHistory);
      // Unsent drafts are not history: a removed account's would never open again (a re-added one gets a
      // new id).
      forms.removeAccount(accountId);
      openedDownloads.accountRemoved(accountId);
      void storage.accountRemoved(accountId);
    }),
    ...projectHandlers(opened.connections),
    ...assetHandlers(() => storage.uploaderFor(opened.registry.active().id)),
    ...assetPreviewHandler({
      job: (id) => {
        const row = jobs.repo.get(id);
        return row ? { accountId: row.accountId, values: row.values } : null;
      },
      accountBaseUrl: async (accountId) => {
        const account = opened.registry.find(accountId);
        if (!account) return null;
        // The built-in sandbox's address is this launch's: a file of an earlier launch's port is refused.
        return account.kind === 'sandbox' ? (await opened.sandbox.start()).url : account.baseUrl;
      },
    }),
    ...jobs.handlers,
    ...formHandlers(opened.registry, forms),
    ...openedDownloads.handlers,
    ...shellHandlers({
      openExternal: deps.openExternal,
      dialogs: deps.dialogs,
      fileShell: deps.fileShell,
      notifier,
    }),
    ...openedBatches.handlers,
    ...storage.handlers,
    ...resultHandlers({
      savedFile: (jobId) => openedDownloads.savedFile(jobId),
      maker: new ThumbnailMaker({
        dir: join(deps.dataDir, 'thumbnails'),
        ...deps.thumbnailTools,
        log: deps.log,
      }),
    }),
    'jobs:notice': async () => ({ message: historyNotice }),
    ...updates.handlers,
    ...teamHandlers({
      displayName,
      reports: stores.creditReport,
      activeAccountId: () => opened.registry.active().id,
      dialogs: exportDialogs,
    }),
  };

  return {
    // SQLite's failures (a read-only, full or failing disk) said in words naming the history file.
    handlers: withHistoryFaults(handlers, historyPath),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    downloadedFile: (jobId) => openedDownloads.fileOf(jobId),
    isHistoryOwner: isOwner,
    async dispose() {
      // While the listeners still hear it: a history file lost since the last look is said now.
      await historyWatch.check();
      listeners.clear();
      updates.dispose();
      const sending = openedBatches.dispose();
      openedDownloads.dispose();
      storage.dispose();
      // Batch rows on their way are answered before the history closes: cut off, each would be an unknown
      // outcome at the next start (a short command-line run would leave some every time).
      await sending;
      // Only then is the lease given up: the next owner settles `submitting` rows as cut off.
      lease.dispose();
      await jobs.dispose();
      await opened.dispose();
      // A history file lost while the app ran gets this run's last writes before the database closes.
      await historyWatch.dispose();
      db.close();
    },
  };
}
