// A slim bar above the queue's grid while files are downloading, paused or stopped: how many, how fast,
// time left, and the actions on all of them (pause, resume, try the failed again, cancel). Hidden when
// nothing is in flight.
import { useMemo } from 'react';
import type { DownloadView } from '../../../electron/shared/domain/download';
import { cancelDownloads, pauseDownloads, resumeDownloads } from './download-actions';
import { downloadTimeLeft, formatSpeed } from './download-words';
import { useWhileShown } from '../navigation/use-while-shown';
import { useDownloadsStore } from './downloads-store';

interface Summary {
  active: string[];
  queued: string[];
  paused: string[];
  failed: string[];
  speed: number;
  left: string;
}

function summarise(downloads: readonly DownloadView[]): Summary {
  const summary: Summary = { active: [], queued: [], paused: [], failed: [], speed: 0, left: '' };
  let bytes = 0;
  let total = 0;
  let sized = true;
  for (const download of downloads) {
    if (download.state === 'done') continue;
    summary[download.state].push(download.jobId);
    if (download.state === 'active' || download.state === 'queued') {
      summary.speed += download.speed ?? 0;
      bytes += download.bytes;
      if (download.total === null) sized = false;
      else total += download.total;
    }
  }
  if (sized && summary.speed > 0) summary.left = downloadTimeLeft({ bytes, total, speed: summary.speed });
  return summary;
}

/** One formatter (toLocaleString() builds a new one per call, and this renders as downloads move). */
const numbers = new Intl.NumberFormat();
const files = (count: number) => (count === 1 ? '1 file' : `${numbers.format(count)} files`);

export function DownloadsBar(): React.JSX.Element | null {
  // It sits in the Queue: it holds still while the Queue is hidden.
  const byId = useWhileShown('queue', useDownloadsStore, (state) => state.byId);
  const summary = useMemo(() => summarise(Object.values(byId)), [byId]);
  const { active, queued, paused, failed } = summary;
  const running = [...active, ...queued];
  if (running.length + paused.length + failed.length === 0) return null;

  const words = [
    active.length > 0 ? `Downloading ${files(active.length)}` : null,
    queued.length > 0 ? `${numbers.format(queued.length)} waiting` : null,
    paused.length > 0 ? `${numbers.format(paused.length)} paused` : null,
    failed.length > 0 ? `${numbers.format(failed.length)} stopped` : null,
    summary.speed > 0 ? formatSpeed(summary.speed) : null,
    summary.left || null,
  ].filter(Boolean);

  return (
    <div className="downloads-bar" role="group" aria-label="Downloads">
      <p className="downloads-bar-words" data-testid="downloads-summary">
        {words.join(' · ')}
      </p>
      <div className="downloads-bar-actions">
        {running.length > 0 ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void pauseDownloads(running)}>
            Pause all
          </button>
        ) : null}
        {paused.length > 0 ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void resumeDownloads(paused)}>
            Resume all
          </button>
        ) : null}
        {failed.length > 0 ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void resumeDownloads(failed)}>
            Try the stopped again
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-danger-text"
          title="Stop every unfinished download and delete its partial file"
          onClick={() => void cancelDownloads([...running, ...paused, ...failed])}
        >
          Cancel all
        </button>
      </div>
    </div>
  );
}
