// Settings → Team history's actions once a team database is known: copy this computer's history into it
// (its counts after; nothing here changes, twice adds nothing), and Disconnect (forget the saved address,
// after a confirmation; this computer's own history again from the next start).
import { useState } from 'react';
import type { CopiedHistoryView, TeamConnectionView } from '../../../electron/shared/ipc/channels/team';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { copiedWords } from './team-history-words';

export function CopyHistoryIn({ address }: { address: string }): React.JSX.Element {
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<CopiedHistoryView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const copy = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setCopied(null);
    try {
      setCopied(await call(() => api().team.copyHistory()));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="team-history-block">
      <h4 className="team-history-subheading">Your history so far</h4>
      <p className="settings-note">
        Copies the jobs, batches and settings kept on this computer into the team history at {address}, so
        colleagues see them too. Nothing on this computer is changed or removed.
      </p>
      <div className="form-actions settings-actions">
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={busy ? true : undefined}
          onClick={() => void copy()}
        >
          {busy ? <Spinner /> : null}
          Copy this computer’s history in
        </button>
      </div>
      <p className="settings-saved team-copy-outcome" role="status" data-testid="team-copy-outcome">
        {busy ? 'Copying…' : copied ? copiedWords(copied) : ''}
      </p>
      {failure ? <ErrorNotice title="Nothing was copied">{failure}</ErrorNotice> : null}
    </div>
  );
}

export function DisconnectTeam({
  address,
  onForgotten,
}: {
  address: string;
  onForgotten(connection: TeamConnectionView): void;
}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const forget = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call(() => api().team.forget());
      setOpen(false);
      onForgotten(answer.connection);
    } catch (error) {
      setFailure(failureMessage(error));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="team-history-block">
      <div className="form-actions settings-actions">
        <p className="settings-note team-disconnect-note">Saved in this computer’s keychain: {address}</p>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          Disconnect…
        </button>
      </div>
      {failure ? <ErrorNotice title="Still connected">{failure}</ErrorNotice> : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Disconnect from the team database?"
        confirmLabel="Disconnect"
        busy={busy}
        onConfirm={() => void forget()}
        onCloseAutoFocus={(event) => {
          // The button goes away once forgotten: the section's heading takes focus instead.
          event.preventDefault();
          document.getElementById('settings-team-history')?.focus();
        }}
      >
        <p>
          The address of {address} is removed from this computer’s keychain. From the next start, this
          computer’s own history is used again.
        </p>
        <p>The team’s history stays in its database: nothing is deleted there or here.</p>
      </ConfirmDialog>
    </div>
  );
}
