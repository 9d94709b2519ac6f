// Settings → Your name on the team: the name recorded on every job this installation submits (issue 19),
// by default the computer's user and host. Checked here with the same rules as main (shared/domain/team.ts)
// so a mistake is said at once, in words, under the field; main checks again and says its own refusal.
import { useEffect, useState } from 'react';
import { DISPLAY_NAME_MAX, displayNameSchema } from '../../../electron/shared/domain/team';
import { ErrorNotice } from '../../components/ErrorNotice';
import { describedBy, FieldFrame } from '../../components/FieldFrame';
import { Spinner } from '../../components/Spinner';
import { useDisplayNameStore } from './display-name-store';

function NameForm(): React.JSX.Element {
  const view = useDisplayNameStore((state) => state.view);
  const [text, setText] = useState(view?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!view) return <></>;

  const save = async (name: string | null) => {
    setSaved(null);
    if (name !== null) {
      const parsed = displayNameSchema.safeParse(name);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'That name cannot be used.');
        return;
      }
      name = parsed.data;
    }
    setBusy(true);
    const refusal = await useDisplayNameStore.getState().save(name);
    setBusy(false);
    setError(refusal);
    if (refusal !== null) return;
    const now = useDisplayNameStore.getState().view;
    setText(now?.name ?? '');
    setSaved(
      `Saved. Jobs you submit from now on show “${now?.name ?? ''}”; earlier jobs keep the name they had.`,
    );
  };

  return (
    <form
      className="display-name-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(text);
      }}
    >
      <FieldFrame
        id="display-name"
        label="Name"
        hint={`Shown with every job you submit, to everyone who shares the history. Up to ${DISPLAY_NAME_MAX} characters. ${
          view.isDefault
            ? 'Now the default: this computer’s user and host.'
            : `The default is ${view.defaultName}.`
        }`}
        error={error ?? undefined}
      >
        <input
          id="display-name"
          className="input display-name-input"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('display-name', { hint: true, error })}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
            setSaved(null);
          }}
        />
      </FieldFrame>
      <div className="form-actions settings-actions">
        <p className="settings-saved" role="status">
          {saved ?? ''}
        </p>
        {!view.isDefault ? (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void save(null)}>
            Use the default
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save name
        </button>
      </div>
    </form>
  );
}

export function DisplayNameSetting(): React.JSX.Element {
  const view = useDisplayNameStore((state) => state.view);
  const loadError = useDisplayNameStore((state) => state.loadError);
  useEffect(() => {
    if (!useDisplayNameStore.getState().view) void useDisplayNameStore.getState().load();
  }, []);
  if (view) return <NameForm />;
  return loadError ? (
    <ErrorNotice
      title="Your name could not be read"
      onRetry={() => void useDisplayNameStore.getState().load()}
    >
      {loadError}
    </ErrorNotice>
  ) : (
    <p className="settings-note" role="status">
      <Spinner /> Reading your name…
    </p>
  );
}
