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
import { teamConnectionHandlers } from '../team/team-connection-handlers';
import type { AppCore, AppCoreDeps, CoreEventListener } from './app-core.types';
import { alwaysOnline, silentNotifier, systemClock, systemTimers } from '../kernel/ports';
import { securePrivateDataFolder } from './private-data-folder';
import { savingInFolder } from './export-folder';
import { openSqliteHistory } from './sqlite-history';
import { openTeamHistory } from './team-history';
import { teamAccounts } from './team-accounts';
import { computerId } from '../team/computer-id';
import { defaultDisplayName } from '../team/display-name';
import type { TeamChange } from '../db/postgres/change-listener';
import type { Work } from '../kernel/ownership';
import { randomUUID } from 'node:crypto';

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
    // On a team's history an account goes by the id it has on every computer.
    sharesIds: deps.team !== undefined,
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
  // The app, the browser host and the command line may share this history (and, in a team, colleagues'
  // too): one of them at a time does each piece of background work. The domains subscribe to what the
  // leases say once each is open; they start last (below), since taking a lease starts that work.
  // A failure taking over (settling cut-off submissions, archiving orphans) is not swallowed: each part of
  // the take-over is awaited in turn, and a failure leaves the lease (at start, createAppCore rejects),
  // rather than an owner that does no work and never lets another process take over.
  const ownership = new EventBus<{
    gained: undefined;
    otherWrites: undefined;
    teamChange: TeamChange;
    lost: Work;
  }>((error) => deps.log?.(`Following another process's writes failed: ${(error as Error).message}`));
  const history = deps.team
    ? await openTeamHistory({
        url: deps.team.url,
        computerId: computerId(deps.dataDir),
        submittedBy: deps.team.submittedBy ?? defaultDisplayName(),
        clientId: randomUUID(),
        // Not the team's accounts this computer has no key for: it could not poll them.
        accountIds: () =>
          opened.registry
            .list()
            .filter((account) => account.storage !== 'team')
            .map((account) => account.id),
        clock,
        timers: deps.timers ?? systemTimers,
        leaseMs: deps.team.leaseMs,
        onChange: (change) => ownership.emit('teamChange', change),
        onLost: (work) => ownership.emit('lost', work),
        log: deps.log,
      })
    : openSqliteHistory({
        dataDir: deps.dataDir,
        clock,
        timers: deps.timers ?? systemTimers,
        lease: deps.lease,
        onNotice: (message) => emit('history:notice', { message }),
        log: deps.log,
      });
  const { stores, holds } = history;
  // Downloads open first: they read jobs and batches from the stores, and the jobs domain's exports start
  // in their folder.
  const openedDownloads = openDownloads({
    downloads: stores.downloads,
    settings: stores.settings,
    holds,
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
    holds,
    // A team's database restarting is back within seconds: a created job's record waits for it.
    recordRetryDelaysMs: deps.team ? [500, 1000, 2000, 4000, 8000] : undefined,
    jobs: stores.jobs,
    settings: stores.settings,
    notice: history.notice(),
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
    holds,
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
  ownership.on('gained', async () => {
    // A team's history holds colleagues' accounts too: this computer's account list says nothing of them.
    await jobs.ownerGained({ accountsAreAll: !deps.team });
    if (holds('downloads')) await openedDownloads.ownerGained();
    openedBatches.wakeAll();
  });
  ownership.on('teamChange', async (change) => {
    if (change.table === 'job') await jobs.changedElsewhere(change.accountId, change.id);
    else openedBatches.wakeAll();
  });
  ownership.on('lost', (work) => {
    if (work !== 'downloads') jobs.stopPolling(work.account);
  });
  ownership.on('otherWrites', async () => {
    await jobs.otherWrites();
    openedDownloads.otherWrites();
    openedBatches.wakeAll();
  });
  // The desktop app's updates (main gives deps.updates); elsewhere the channels answer that there are none.
  const updates = await openUpdates({
    settings: stores.settings,
    host: deps.updates,
    clock,
    timers: deps.timers ?? systemTimers,
    emit: (status) => emit('updates:changed', status),
    log: deps.log,
  });

  if (history.directory) {
    const team = teamAccounts(opened, history.directory, deps.log);
    await team.start();
    // An account added or removed here: the team hears of a new one, and its polling is taken or given up.
    listeners.add((event) => {
      if (event !== 'accounts:changed') return;
      void team.publish();
      history.accountsChanged().catch((error: unknown) => {
        deps.log?.(`Taking on a new account's polling failed: ${(error as Error).message}`);
      });
    });
  }

  await history.start({
    gained: () => ownership.emitInTurn('gained', undefined),
    otherWrites: () => ownership.emit('otherWrites', undefined),
  });

  const handlers: Handlers = {
    ...accountHandlers(opened, async (accountId, deleteHistory) => {
      // In a team's history the jobs are the team's: removing the account here leaves them.
      await jobs.accountRemoved(accountId, deleteHistory, deps.team !== undefined);
      // Unsent drafts are not history: a removed account's would never open again (a re-added one gets a
      // new id).
      await forms.removeAccount(accountId);
      await openedDownloads.accountRemoved(accountId);
      void storage.accountRemoved(accountId);
    }),
    ...projectHandlers(opened.connections),
    ...assetHandlers(() => storage.uploaderFor(opened.registry.active().id)),
    ...assetPreviewHandler({
      job: async (id) => {
        const row = await jobs.repo.get(id);
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
    'jobs:notice': async () => ({ message: history.notice() }),
    ...updates.handlers,
    ...teamHandlers({
      displayName,
      reports: stores.creditReport,
      activeAccountId: () => opened.registry.active().id,
      dialogs: exportDialogs,
    }),
    ...teamConnectionHandlers({ ...deps, inUse: deps.team, submittedBy: () => displayName.current() }),
  };

  return {
    handlers: history.withFaults(handlers),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    downloadedFile: (jobId) => openedDownloads.fileOf(jobId),
    isHistoryOwner: () => history.isOwner(),
    async dispose() {
      // While the listeners still hear it.
      await history.lastLook();
      listeners.clear();
      updates.dispose();
      const sending = openedBatches.dispose();
      const downloading = openedDownloads.dispose();
      storage.dispose();
      // Batch rows on their way are answered before the history closes: cut off, each would be an unknown
      // outcome at the next start (a short command-line run would leave some every time). Downloads stop
      // writing (files and history) before it closes too.
      await sending;
      await downloading;
      // Only then is the lease given up: the next owner settles rows still `submitting` as cut off.
      await history.release();
      await jobs.dispose();
      await opened.dispose();
      await history.close();
    },
  };
}
