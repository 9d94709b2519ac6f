// Where a job sits in its batch, in the words the Batches screen uses: the batch's name (the sheet's file
// name and date, or as renamed) and the row's number in the spreadsheet (the header is row 1), never the
// batch's id and the row's 0-based index.
import type { JobView } from '../../../electron/shared/domain/job';
import { useBatchSheet, rowWords } from '../batches/batch-sheet';
import { useBatchesStore } from '../batches/batches-store';
import { shortId } from '../jobs/job-words';

/** "banners · 26 Nov 2026 · row 7"; the short id stands in until the batch's name is known. */
export function BatchPlace({ job }: { job: JobView & { batchId: string } }): React.JSX.Element {
  const name = useBatchesStore((state) => state.byId[job.batchId]?.name) ?? shortId(job.batchId);
  const sheet = useBatchSheet(job.batchId);
  // The row's number only once the sheet has said it: a guess from the index would change under the eyes.
  const row = job.batchRow !== null && sheet !== null ? ` · row ${rowWords(job, sheet).line}` : '';
  return (
    <>
      {name}
      {row}
    </>
  );
}
