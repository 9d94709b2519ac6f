// "Track a job…": follow a job created elsewhere (the web app, a script) by pasting its service id. The id is
// checked with the contract's own rule before anything is sent; a job already in the history is just opened.
import { useState } from 'react';
import { serviceJobIdSchema } from '../../../electron/shared/domain/job';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { failureMessage } from '../../lib/api';
import { useJobsStore } from '../jobs/jobs-store';
import { jobName } from '../jobs/job-words';
import { trackJob } from './queue-actions';
import { useQueueStore } from './queue-store';

const INPUT_ID = 'track-job-id';

function TrackJobForm({ onDone }: { onDone(): void }): React.JSX.Element {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const parsed = serviceJobIdSchema.safeParse(text);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'That is not a job id.');
      return;
    }
    setInvalid(null);
    const uuid = parsed.data;
    const known = Object.values(useJobsStore.getState().byId).find((job) => job.uuid === uuid);
    if (known) {
      const queue = useQueueStore.getState();
      queue.openDrawer(known.id);
      queue.notify({
        tone: 'info',
        title: 'Already in the history',
        message: `${jobName(known)} has that id; its details are open.`,
      });
      onDone();
      return;
    }
    setSending(true);
    try {
      await trackJob(uuid);
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
      setSending(false);
    }
  }

  return (
    <form
      className="stack"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Track a job by id"
    >
      <FieldFrame
        id={INPUT_ID}
        label="Service job id"
        hint="The job’s id as the web app or the service shows it."
        error={invalid ?? undefined}
      >
        <input
          id={INPUT_ID}
          className="input input-mono"
          autoComplete="off"
          spellCheck={false}
          placeholder="3f2a9c1e-7b4d-4e8a-9c21-5d6f0a1b2c3d"
          value={text}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy(INPUT_ID, { hint: true, error: invalid })}
          onChange={(event) => {
            setText(event.target.value);
            if (invalid) setInvalid(null);
          }}
        />
      </FieldFrame>
      {failure ? <ErrorNotice title="The job could not be tracked">{failure}</ErrorNotice> : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? <Spinner /> : null}
          {sending ? 'Looking it up…' : 'Track job'}
        </button>
      </div>
    </form>
  );
}

export function TrackJobDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Track a job by id"
      description="Follow a job created outside this app: it joins the history and is followed until it finishes."
    >
      {open ? <TrackJobForm onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}
