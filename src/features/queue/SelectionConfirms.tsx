// The Queue's two questions about the selected jobs: requeue them (with what it will cost), or remove them
// from the history. Memoised on the selection and the open flags, so that the screen's render on each frame
// of job changes leaves these dialogs (Radix, with the cost's request) alone.
import { memo, useMemo } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { jobCount } from '../jobs/job-words';
import { removeJobs, requeueJobs } from './queue-actions';
import type { QueueAction } from './queue-store';
import { RerunConfirm } from './RerunConfirm';

interface SelectionConfirmsProps {
  /** The jobs selected and shown (the same array while neither the selection nor the list changes). */
  selectedIds: readonly string[];
  busy: QueueAction | null;
  requeueOpen: boolean;
  onRequeueOpenChange(open: boolean): void;
  removeOpen: boolean;
  onRemoveOpenChange(open: boolean): void;
}

export const SelectionConfirms = memo(function SelectionConfirms({
  selectedIds,
  busy,
  requeueOpen,
  onRequeueOpenChange,
  removeOpen,
  onRemoveOpenChange,
}: SelectionConfirmsProps): React.JSX.Element {
  // One object per selection: the cost is asked again only when the jobs asked about change.
  const params = useMemo(
    () => ({ ids: selectedIds.length > 0 ? [...selectedIds] : ['none'] }),
    [selectedIds],
  );
  return (
    <>
      <RerunConfirm
        open={requeueOpen && selectedIds.length > 0}
        onOpenChange={onRequeueOpenChange}
        title={`Requeue ${jobCount(selectedIds.length)}?`}
        confirmLabel="Requeue"
        params={params}
        busy={busy === 'requeue'}
        onConfirm={() => void requeueJobs(selectedIds).then(() => onRequeueOpenChange(false))}
      />
      <ConfirmDialog
        open={removeOpen}
        onOpenChange={onRemoveOpenChange}
        title={`Remove ${jobCount(selectedIds.length)} from the history?`}
        confirmLabel="Remove from history"
        busy={busy === 'remove'}
        onConfirm={() => void removeJobs(selectedIds).then(() => onRemoveOpenChange(false))}
      >
        <p>
          The app forgets {selectedIds.length === 1 ? 'this job' : 'these jobs'}: no longer listed, no longer
          followed. Jobs still running keep running on the service and still use credits; their outputs stay
          there. This cannot be undone here, though a job can be followed again with “Track a job…”.
        </p>
      </ConfirmDialog>
    </>
  );
});
