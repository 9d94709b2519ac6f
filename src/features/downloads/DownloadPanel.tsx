// The drawer's File section for a finished job: download it, follow its progress (pause, resume, cancel,
// try again), and once saved: where it is, Open, Show in folder, drag it out of the app, and a preview of
// an image, audio or video played from the local file.
import { useEffect, useState } from 'react';
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { JobView } from '../../../electron/shared/domain/job';
import { CopyButton } from '../../components/CopyButton';
import { NoticeBox } from '../../components/NoticeBox';
import { api, call } from '../../lib/api';
import { useHostCapabilities } from '../../lib/host-capabilities';
import { shortcutLabel } from '../../lib/platform';
import { isRunning } from '../jobs/job-status';
import {
  cancelDownloads,
  downloadJobs,
  dragFile,
  openFile,
  pauseDownloads,
  resumeDownloads,
  showInFolder,
} from './download-actions';
import { downloadFraction, downloadProgressWords, fileNameOf } from './download-words';
import { useDownloadsStore } from './downloads-store';

type PreviewKind = 'image' | 'audio' | 'video';
const PREVIEW_KINDS: Readonly<Record<string, PreviewKind>> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  wav: 'audio',
  mp3: 'audio',
  m4a: 'audio',
  ogg: 'audio',
};

function previewKindOf(path: string): PreviewKind | null {
  const extension = fileNameOf(path).split('.').pop()?.toLowerCase() ?? '';
  return PREVIEW_KINDS[extension] ?? null;
}

/** The address main serves the saved file from; asked again when the file changes. */
function usePreviewUrl(download: DownloadView): string | null {
  const { jobId, state, path } = download;
  const key = `${jobId}\n${path}`;
  const [answer, setAnswer] = useState<{ key: string; url: string | null } | null>(null);
  useEffect(() => {
    if (state !== 'done' || !previewKindOf(path)) return;
    let current = true;
    call(() => api().downloads.previewUrl({ id: jobId })).then(
      (preview) => current && setAnswer({ key, url: preview.url }),
      () => undefined, // no preview: Open still says what is wrong
    );
    return () => {
      current = false;
    };
  }, [jobId, state, path, key]);
  return state === 'done' && answer?.key === key ? answer.url : null;
}

function Preview({ download }: { download: DownloadView }): React.JSX.Element | null {
  const url = usePreviewUrl(download);
  const kind = previewKindOf(download.path);
  if (!url || !kind) return null;
  const name = fileNameOf(download.path);
  if (kind === 'image') return <img className="download-preview" src={url} alt={`Preview of ${name}`} />;
  if (kind === 'audio') {
    return (
      <audio className="download-preview" src={url} controls preload="metadata" aria-label={`Play ${name}`} />
    );
  }
  return (
    <video className="download-preview" src={url} controls preload="metadata" aria-label={`Play ${name}`} />
  );
}

/** The account's download folder now (Settings may have changed it since the file was saved). */
function useDownloadFolder(jobId: string, path: string): string | null {
  const [folder, setFolder] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    call(() => api().downloads.settings()).then(
      (settings) => current && setFolder(settings.folder),
      () => undefined, // not known: the file is shown as saved, as before
    );
    return () => {
      current = false;
    };
  }, [jobId, path]);
  return folder;
}

/** Whether `path` lies inside `folder` (either separator: the page does not know the system's). */
function isInside(path: string, folder: string): boolean {
  const trimmed = folder.replace(/[\\/]+$/, '');
  return path.startsWith(`${trimmed}/`) || path.startsWith(`${trimmed}\\`);
}

function Saved({
  download,
  previousRun,
}: {
  download: DownloadView;
  previousRun: boolean;
}): React.JSX.Element {
  const name = fileNameOf(download.path);
  // A browser cannot drag a file out of its tab: the chip is only the file's name there.
  const { dragOut } = useHostCapabilities();
  const folder = useDownloadFolder(download.jobId, download.path);
  const elsewhere = !previousRun && folder !== null && !isInside(download.path, folder);
  return (
    <>
      {previousRun ? (
        <p className="value-note" data-testid="previous-run-file">
          Saved from its run before the requeue. The new run’s file is saved when it finishes.
        </p>
      ) : null}
      {elsewhere ? (
        <div className="download-elsewhere" data-testid="saved-elsewhere">
          <p className="value-note">
            Saved in another folder than the one chosen now in Settings ({folder}).
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void downloadJobs([download.jobId], { saveElsewhere: true })}
          >
            Save it in the chosen folder
          </button>
        </div>
      ) : null}
      <div
        className="download-file"
        draggable={dragOut}
        onDragStart={dragOut ? (event) => dragFile(event, download.jobId) : undefined}
        title={dragOut ? 'Drag onto the desktop or into another app' : undefined}
      >
        <span className="download-file-icon" aria-hidden="true" />
        <span className="download-file-name">{name}</span>
        {dragOut && (
          <span className="download-file-hint" aria-hidden="true">
            Drag out
          </span>
        )}
      </div>
      <p className="download-path">
        <code>{download.path}</code>
        <CopyButton text={download.path} label="Copy the file’s path" short="Copy" />
      </p>
      <div className="download-actions" role="group" aria-label="The saved file">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void openFile(download.jobId)}
        >
          Open
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void showInFolder(download.jobId)}
        >
          Show in folder
        </button>
      </div>
      <Preview download={download} />
    </>
  );
}

function InProgress({ download }: { download: DownloadView }): React.JSX.Element {
  const fraction = downloadFraction(download);
  const { jobId, state } = download;
  const name = fileNameOf(download.path);
  return (
    <>
      <p className="download-status">
        {state === 'active'
          ? 'Downloading'
          : state === 'paused'
            ? 'Paused'
            : state === 'failed'
              ? 'Stopped'
              : 'Waiting'}{' '}
        <span className="download-name">{name}</span>
      </p>
      <progress
        className="download-progress"
        aria-label={`Download of ${name}`}
        max={1}
        // Without a value the bar shows that the size is not known yet.
        {...(fraction !== null ? { value: fraction } : {})}
      />
      <p className="download-words" aria-live="off">
        {downloadProgressWords(download)}
      </p>
      {download.error ? (
        <NoticeBox tone="error" title="Why it stopped">
          {download.error}
        </NoticeBox>
      ) : null}
      <div className="download-actions" role="group" aria-label="This download">
        {state === 'active' || state === 'queued' ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void pauseDownloads([jobId])}
          >
            Pause
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void resumeDownloads([jobId])}
          >
            {state === 'failed' ? 'Try again' : 'Resume'}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-danger-text"
          title="Stop and delete the partial file"
          onClick={() => void cancelDownloads([jobId])}
        >
          Cancel download
        </button>
      </div>
    </>
  );
}

export function DownloadPanel({ job }: { job: JobView }): React.JSX.Element | null {
  const download = useDownloadsStore((state) => state.byId[job.id]);
  if (!download && (!job.outputPath || job.archived)) return null;
  return (
    <section className="drawer-section download-panel" aria-labelledby="drawer-file">
      <h4 id="drawer-file" className="drawer-heading">
        File
      </h4>
      {download?.state === 'done' ? (
        <Saved download={download} previousRun={isRunning(job)} />
      ) : download ? (
        <InProgress download={download} />
      ) : (
        <div className="download-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={isRunning(job)}
            onClick={() => void downloadJobs([job.id])}
          >
            Download
          </button>
          <span className="value-note">
            Saved to the folder and name set in Settings ({shortcutLabel('4')}).
          </span>
        </div>
      )}
    </section>
  );
}
