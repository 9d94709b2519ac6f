// The queue's File column for one job: its download's short state ("42 %", "Saved", "Paused 42 %") over a
// thin progress bar, the full words in its title. Empty (a dash) when the job's file was never asked for.
import type { DownloadView } from '../../../electron/shared/domain/download';
import { downloadFraction, downloadLabel, downloadProgressWords } from './download-words';

export function DownloadCell({ download }: { download: DownloadView | undefined }): React.JSX.Element {
  if (!download) return <div role="gridcell" className="cell col-file is-empty" />;
  const fraction = downloadFraction(download);
  const showBar = download.state !== 'done' && fraction !== null;
  return (
    <div
      role="gridcell"
      className={`cell col-file download-${download.state}${showBar ? ' has-bar' : ''}`}
      title={download.error ?? downloadProgressWords(download)}
      // A custom property, not a width: the bar is drawn by CSS (queue.css) without an element of its own.
      style={
        showBar ? ({ '--progress': `${(fraction * 100).toFixed(1)}%` } as React.CSSProperties) : undefined
      }
    >
      {download.state === 'done' ? <span className="download-done-mark" aria-hidden="true" /> : null}
      {downloadLabel(download)}
    </div>
  );
}
