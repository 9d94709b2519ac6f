// Settings → Team history (issue 19): where the history lives now, in words; what the next start changes
// and the restart that makes it (the desktop app restarts itself; jrs serve is restarted by the person);
// the Connect form; copying this computer's history in; Disconnect. Main never sends a password here.
import { useEffect, useState } from 'react';
import type { TeamConnectionView } from '../../../electron/shared/ipc/channels/team';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoticeBox } from '../../components/NoticeBox';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { CopyHistoryIn, DisconnectTeam } from './TeamHistoryActions';
import { TeamConnectForm } from './TeamConnectForm';
import { nextStartWords, whereNowNote, whereNowWords } from './team-history-words';

function NextStart({ view }: { view: TeamConnectionView }): React.JSX.Element | null {
  const [restarting, setRestarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const words = nextStartWords(view);
  if (!words) return null;
  const restart = async () => {
    if (restarting) return;
    setRestarting(true);
    setFailure(null);
    try {
      await call(() => api().team.restart());
    } catch (error) {
      setFailure(failureMessage(error));
      setRestarting(false);
    }
  };
  return (
    <div className="team-history-block" data-testid="team-next-start">
      <NoticeBox tone="info" title={view.canRestart ? 'Restart to switch' : 'Restart jrs serve to switch'}>
        {words}
        {view.canRestart
          ? ' Restarting takes a few seconds; jobs on their way are kept.'
          : ' Stop jrs serve where it runs (Ctrl+C) and start it again, then sign in with the new link.'}
      </NoticeBox>
      {view.canRestart ? (
        <div className="form-actions settings-actions">
          <p className="settings-note" role="status">
            {restarting ? 'Restarting…' : ''}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={restarting ? true : undefined}
            onClick={() => void restart()}
          >
            {restarting ? <Spinner /> : null}
            Restart now
          </button>
        </div>
      ) : null}
      {failure ? <ErrorNotice title="The app did not restart">{failure}</ErrorNotice> : null}
    </div>
  );
}

export function TeamHistorySetting(): React.JSX.Element {
  const [view, setView] = useState<TeamConnectionView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    call(() => api().team.connection()).then(
      (answer) => {
        if (!live) return;
        setView(answer);
        setLoadError(null);
      },
      (error: unknown) => {
        if (live) setLoadError(failureMessage(error));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (!view) {
    return loadError ? (
      <ErrorNotice
        title="Where the history lives could not be read"
        onRetry={() => setAttempt((count) => count + 1)}
      >
        {loadError}
      </ErrorNotice>
    ) : (
      <p className="settings-note" role="status">
        <Spinner /> Reading where the history lives…
      </p>
    );
  }
  // The database a copy goes into: JRS_DATABASE_URL's when set, else the saved one (as at the next start).
  const copyInto = view.next.history === 'team' ? view.next.address : null;
  return (
    <div className="team-history">
      <div className="team-history-now" data-testid="team-history-now">
        <p className="team-history-where">{whereNowWords(view)}</p>
        <p className="settings-note">{whereNowNote(view)}</p>
      </div>
      {view.environment ? (
        <NoticeBox tone="info" title="JRS_DATABASE_URL is set">
          This run was started with a team database’s address in JRS_DATABASE_URL: every start with it uses
          that database, whatever is saved here.
        </NoticeBox>
      ) : null}
      <NextStart view={view} />
      <TeamConnectForm hasSaved={view.saved !== null} onConnected={setView} />
      {copyInto ? <CopyHistoryIn address={copyInto} /> : null}
      {view.saved !== null ? <DisconnectTeam address={view.saved} onForgotten={setView} /> : null}
    </div>
  );
}
