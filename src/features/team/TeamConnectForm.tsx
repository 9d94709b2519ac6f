// Settings → Team history's Connect form: the address typed or pasted into a password field (it holds a
// password: never pre-filled, cleared once saved, and never sent back by main), tested by main (which makes
// or updates the team history's schema) before it is saved, and the outcome or the failure in words.
import { useState } from 'react';
import type { TeamCheck, TeamConnectionView } from '../../../electron/shared/ipc/channels/team';
import { ErrorNotice } from '../../components/ErrorNotice';
import { describedBy, FieldFrame } from '../../components/FieldFrame';
import { NoticeBox } from '../../components/NoticeBox';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { checkWords, newerWords } from './team-history-words';

const FIELD = 'team-address';

/** A quick look before main's own check, so an obvious slip is said under the field at once. */
function slip(text: string): string | null {
  const address = text.trim();
  if (!address) return 'Paste the address you were given: postgres://user:password@host:5432/database.';
  if (!/^postgres(ql)?:\/\//i.test(address))
    return 'A team database’s address starts with postgres:// (for example postgres://ana:password@db.example.com:5432/studio).';
  return null;
}

export function TeamConnectForm({
  hasSaved,
  onConnected,
}: {
  hasSaved: boolean;
  onConnected(connection: TeamConnectionView): void;
}): React.JSX.Element {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [check, setCheck] = useState<TeamCheck | null>(null);
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    if (busy) return;
    const problem = slip(text);
    setFieldError(problem);
    setFailure(null);
    setCheck(null);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await call(() => api().team.connect({ url: text }));
      // Kept by the keychain now: the page holds no copy of the password.
      setText('');
      setCheck(answer.check);
      onConnected(answer.connection);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="team-connect-form"
      noValidate
      aria-labelledby="team-connect-title"
      onSubmit={(event) => {
        event.preventDefault();
        void connect();
      }}
    >
      <h4 id="team-connect-title" className="team-history-subheading">
        {hasSaved ? 'Connect another team database' : 'Connect a team database'}
      </h4>
      <FieldFrame
        id={FIELD}
        label="Team database address"
        hint="postgres://user:password@host:5432/database, from whoever runs your team’s database. It holds a password, so it is kept in this computer’s keychain and never shown again."
        error={fieldError ?? undefined}
      >
        <input
          id={FIELD}
          className="input team-address-input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(FIELD, { hint: true, error: fieldError })}
          onChange={(event) => {
            setText(event.target.value);
            setFieldError(null);
          }}
        />
      </FieldFrame>
      <div className="form-actions settings-actions">
        <p className="settings-note team-connect-progress" role="status">
          {busy ? 'Testing the connection and preparing the team history…' : ''}
        </p>
        <button type="submit" className="btn btn-primary" aria-disabled={busy ? true : undefined}>
          {busy ? <Spinner /> : null}
          Test and connect
        </button>
      </div>
      {failure ? <ErrorNotice title="Not connected: nothing was saved">{failure}</ErrorNotice> : null}
      {check ? (
        <div role="status" className="team-connect-outcome">
          <p className="settings-saved" data-testid="team-connect-outcome">
            {checkWords(check)}
          </p>
          {!check.writable ? (
            <NoticeBox tone="warning" title="Read only until you update">
              {newerWords(check)}
            </NoticeBox>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
