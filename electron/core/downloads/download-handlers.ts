// The IPC handlers of the downloads domain, for the active account.
import nodePath from 'node:path';
import type { Handlers } from '../../shared/ipc/contract';
import type { AccountRegistry } from '../accounts/account-registry';
import { AppError } from '../kernel/app-error';
import type { Dialogs, FileShell } from '../kernel/ports';
import type { Job } from '../jobs/job';
import type { DownloadQueue } from './download-queue';
import type { DownloadSettingsStore } from './download-settings';
import { folderProblem } from './folder-check';
import { extensionOf, renderTemplate, templateProblem } from './name-template';
import { joinInside } from './safe-path';
import { templateJobOf } from './template-job';

type DownloadChannel =
  | 'downloads:list'
  | 'downloads:start'
  | 'downloads:pause'
  | 'downloads:resume'
  | 'downloads:cancel'
  | 'downloads:settings'
  | 'downloads:saveSettings'
  | 'downloads:preview'
  | 'downloads:chooseFolder'
  | 'downloads:open'
  | 'downloads:showInFolder'
  | 'downloads:startDrag'
  | 'downloads:previewUrl';

export interface DownloadHandlerDeps {
  registry: AccountRegistry;
  queue: DownloadQueue;
  settings: DownloadSettingsStore;
  /** The account's latest finished job with an output, for the template's preview. */
  latestFinished(accountId: string): Promise<Job | undefined>;
  now(): number;
  /** The checked path of a job's downloaded file; throws an AppError in words when there is none. */
  fileOf(jobId: string): Promise<string>;
  dialogs?: Dialogs;
  fileShell?: FileShell;
}

/** A job to show the template on when the account has none finished yet. */
const SAMPLE = {
  uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  projectId: 'sample',
  projectName: 'Spring Launch Spokesperson',
  jobType: 'ai_talking_video',
  status: 'SUCCESS',
  finishedAt: null,
  createdAt: null,
  batchName: null,
  batchRow: null,
  values: { headline: 'Hello Lisbon' },
};

export function downloadHandlers(deps: DownloadHandlerDeps): Pick<Handlers, DownloadChannel> {
  const { registry, queue, settings } = deps;
  const active = () => registry.active().id;
  const shell = (): FileShell => {
    if (!deps.fileShell) throw new AppError('internal', 'Files cannot be opened from here.');
    return deps.fileShell;
  };
  return {
    'downloads:list': async () => queue.list(active()),
    'downloads:start': async ({ ids, elsewhere }) => {
      await queue.forgetMissing(ids);
      return queue.start(ids, { saveElsewhere: elsewhere === 'save' });
    },
    'downloads:pause': async ({ ids }) => {
      await queue.pause(ids);
      return undefined;
    },
    'downloads:resume': async ({ ids }) => {
      await queue.resume(ids);
      return undefined;
    },
    'downloads:cancel': async ({ ids }) => {
      await queue.cancel(ids);
      return undefined;
    },
    'downloads:settings': async () => settings.get(active()),
    'downloads:saveSettings': async (next) => {
      const problem = templateProblem(next.template);
      if (problem) throw new AppError('invalid-input', problem);
      if (!nodePath.isAbsolute(next.folder)) {
        throw new AppError('invalid-input', 'Choose the download folder with Choose folder… (a full path).');
      }
      const folderIssue = await folderProblem(next.folder);
      if (folderIssue) throw new AppError('invalid-input', folderIssue);
      await settings.save(active(), next);
      return settings.get(active());
    },
    'downloads:chooseFolder': async () => {
      if (!deps.dialogs?.chooseFolder) {
        throw new AppError('internal', 'No folder picker here: type the folder’s full path instead.');
      }
      const current = (await settings.get(active())).folder;
      return { folder: await deps.dialogs.chooseFolder({ title: 'Download folder', defaultPath: current }) };
    },
    'downloads:open': async ({ id }) => {
      const path = await deps.fileOf(id);
      await shell()
        .open(path)
        .catch((error: unknown) => {
          const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
          throw new AppError(
            'internal',
            `No app on this computer opened ${path}${reason}. Use Show in folder and open it from there.`,
          );
        });
      return undefined;
    },
    'downloads:showInFolder': async ({ id }) => {
      shell().showInFolder(await deps.fileOf(id));
      return undefined;
    },
    'downloads:startDrag': async ({ id }) => {
      shell().startDrag(await deps.fileOf(id));
      return undefined;
    },
    'downloads:previewUrl': async ({ id }) => {
      await deps.fileOf(id);
      return { url: deps.fileShell?.previewUrl(id) ?? null };
    },
    'downloads:preview': async ({ template }) => {
      const problem = templateProblem(template);
      if (problem) return { path: null, problem };
      const accountId = active();
      const job = await deps.latestFinished(accountId);
      const source = job ? templateJobOf(job) : SAMPLE;
      const ext = extensionOf(job?.outputPath ?? 'render.mp4', null);
      const segments = renderTemplate(template, source, ext, new Date(deps.now()));
      return { path: joinInside(nodePath, (await settings.get(accountId)).folder, segments), problem: null };
    },
  };
}
