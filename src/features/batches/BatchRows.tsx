// A batch's rows, windowed (10,000 rows scroll as smoothly as 10): its row number in the sheet (as the
// person's file and the preview number it), its name, what it says (or the file it was made from), its
// state, why it failed or was refused, and its file.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { BatchSheetView } from '../../../electron/shared/domain/batch';
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { JobView } from '../../../electron/shared/domain/job';
import { DownloadCell } from '../downloads/DownloadCell';
import { StatusBadge } from '../jobs/StatusBadge';
import { rowWords } from './batch-sheet';

const ROW_HEIGHT = 40;

export function BatchRows({
  jobs,
  downloads,
  sheet,
}: {
  jobs: readonly JobView[];
  downloads: Readonly<Record<string, DownloadView>>;
  sheet: BatchSheetView | null;
}): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => jobs[index]?.id ?? index,
    overscan: 4,
  });
  return (
    <div
      ref={scrollRef}
      className="batch-rows"
      role="grid"
      aria-label="Rows of the batch"
      aria-rowcount={jobs.length + 1}
      tabIndex={0}
    >
      <div className="batch-row batch-row-head" role="row">
        <div role="columnheader" className="cell">
          Row
        </div>
        <div role="columnheader" className="cell">
          Name
        </div>
        <div role="columnheader" className="cell">
          Values
        </div>
        <div role="columnheader" className="cell">
          State
        </div>
        <div role="columnheader" className="cell">
          Note
        </div>
        <div role="columnheader" className="cell">
          File
        </div>
      </div>
      <div className="batch-rows-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const job = jobs[item.index];
          if (!job) return null;
          const words = rowWords(job, sheet);
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className="batch-row"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <div role="gridcell" className="cell batch-row-number">
                {words.line}
              </div>
              <div role="gridcell" className="cell batch-row-name" title={words.name}>
                <span className="cell-text">{words.name}</span>
              </div>
              <div role="gridcell" className="cell batch-row-summary" title={words.values}>
                <span className="cell-text">{words.values}</span>
              </div>
              <div role="gridcell" className="cell">
                <StatusBadge job={job} />
              </div>
              <div
                role="gridcell"
                className="cell batch-row-note"
                title={job.error ?? job.trackingNote ?? ''}
              >
                <span className="cell-text">{job.error ?? job.trackingNote ?? ''}</span>
              </div>
              <DownloadCell download={downloads[job.id]} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
