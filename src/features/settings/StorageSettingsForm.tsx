// Settings → Asset storage: where this account's dropped files go before a job names them. The sandbox
// (or the account's own default), an S3-compatible bucket (its secret goes to the keychain and never comes
// back: only "set, ending in …"), or web addresses only: three radio buttons in one group (the arrow keys
// move between them). Test connection writes, reads back and deletes a small object and says what it found.
import { useEffect, useState } from 'react';
import {
  s3SettingsSchema,
  type ConnectionTest,
  type S3Settings,
  type StorageSettings,
  type StorageView,
} from '../../../electron/shared/domain/storage';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, call, failureMessage } from '../../lib/api';
import { useJobFormStore } from '../job-form/job-form-store';

const BLANK_S3: S3Settings = {
  endpoint: '',
  region: 'us-east-1',
  bucket: '',
  prefix: '',
  pathStyle: false,
  accessKeyId: '',
  lifetimeDays: 7,
};

type Provider = StorageSettings['provider'];

export function StorageSettingsForm({ accountId }: { accountId: string | null }): React.JSX.Element {
  const [view, setView] = useState<StorageView | null>(null);
  const [provider, setProvider] = useState<Provider>('default');
  const [s3, setS3] = useState<S3Settings>(BLANK_S3);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!accountId) return;
    let current = true;
    call(() => api().storage.settings()).then(
      (loaded) => {
        if (!current) return;
        setView(loaded);
        setProvider(loaded.settings.provider);
        if (loaded.settings.provider === 's3') setS3(loaded.settings.s3);
      },
      (failure: unknown) => current && setError(failureMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [accountId]);

  /** The settings as typed, checked; null (with the problems shown) when something is wrong. */
  const settings = (): StorageSettings | null => {
    if (provider !== 's3') return { provider };
    const parsed = s3SettingsSchema.safeParse(s3);
    if (parsed.success) {
      setProblems({});
      return { provider, s3: parsed.data };
    }
    setProblems(
      Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    );
    return null;
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof S3Settings, label: string, hint?: string) => {
    const id = `storage-${key}`;
    const note = problems[key] ?? hint;
    return (
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          value={String(s3[key])}
          aria-invalid={problems[key] ? true : undefined}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(event) =>
            setS3({
              ...s3,
              [key]: key === 'lifetimeDays' ? Number(event.target.value) || 0 : event.target.value,
            })
          }
        />
        {note ? (
          <span id={`${id}-note`} className={problems[key] ? 'field-error' : 'field-hint'}>
            {note}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="storage-form"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = settings();
        if (!chosen) return;
        void run(async () => {
          setView(await call(() => api().storage.save({ settings: chosen, ...(secret ? { secret } : {}) })));
          setSecret('');
          setResult({ ok: true, message: 'Saved.' });
          // The job form offers its drop areas (or says why not) by what the account can take now.
          void useJobFormStore.getState().loadCapability();
        });
      }}
    >
      <div className="storage-providers" role="radiogroup" aria-labelledby="storage-providers-label">
        <span className="field-label" id="storage-providers-label">
          Files dropped in jobs and batches go to
        </span>
        {(
          [
            ['default', 'The account’s own storage (the sandbox hosts the sandbox account’s files)'],
            ['s3', 'An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…)'],
            ['urls', 'Nowhere: jobs and spreadsheets give web addresses'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="radio-option">
            <input
              type="radio"
              name="storage-provider"
              value={value}
              checked={provider === value}
              onChange={() => setProvider(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {provider === 's3' ? (
        <div className="storage-s3">
          {field(
            'endpoint',
            'Endpoint',
            'e.g. https://s3.eu-west-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com',
          )}
          {field('region', 'Region', 'us-east-1; R2: auto')}
          {field('bucket', 'Bucket')}
          {field('prefix', 'Folder in the bucket (optional)')}
          {field('accessKeyId', 'Access key id')}
          <label className="field">
            <span className="field-label">Secret access key</span>
            <input
              className="input"
              type="password"
              autoComplete="off"
              value={secret}
              placeholder={
                view?.secret.set
                  ? `Kept in the keychain, ends in ${view.secret.last4}`
                  : 'Kept in the keychain'
              }
              onChange={(event) => setSecret(event.target.value)}
            />
          </label>
          {field('lifetimeDays', 'Links live (days, 1–7)')}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={s3.pathStyle}
              onChange={(event) => setS3({ ...s3, pathStyle: event.target.checked })}
            />
            Path-style addresses (MinIO and most self-hosted servers)
          </label>
        </div>
      ) : null}
      {error ? <ErrorNotice title="Asset storage">{error}</ErrorNotice> : null}
      <p aria-live="polite" className={`storage-result${result && !result.ok ? ' is-error' : ''}`}>
        {result?.message ?? ''}
      </p>
      <div className="import-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => {
            const chosen = settings();
            if (!chosen) return;
            void run(async () => {
              setResult(null);
              setResult(
                await call(() => api().storage.test({ settings: chosen, ...(secret ? { secret } : {}) })),
              );
            });
          }}
        >
          {busy ? 'Working…' : 'Test connection'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}
