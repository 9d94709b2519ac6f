// The form that connects a Job Rendering Service account: name, service address and API key. Main
// checks the key with the service; its refusal or an unreachable address is shown above the buttons.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { KeychainStatus } from '../../../electron/shared/domain/account';
import type { AppErrorKind } from '../../../electron/shared/ipc/contract';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { failureKind, failureMessage } from '../../lib/api';
import { useAccountsStore } from './accounts-store';
import {
  connectAccountSchema,
  type ConnectAccountInput,
  type ConnectAccountValues,
} from './connect-account-schema';
import { connectErrorTitle } from './connect-errors';

const ALWAYS_AVAILABLE: KeychainStatus = { available: true };

interface ConnectAccountFormProps {
  onConnected?: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Giving an account's missing key again: its name and address, so it comes back as the same account. */
  initial?: { name: string; baseUrl: string };
}

export function ConnectAccountForm({
  onConnected,
  onCancel,
  cancelLabel = 'Cancel',
  initial,
}: ConnectAccountFormProps) {
  const keychain = useAccountsStore((state) => state.snapshot?.keychain) ?? ALWAYS_AVAILABLE;
  const add = useAccountsStore((state) => state.add);
  const [failure, setFailure] = useState<{ kind: AppErrorKind; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConnectAccountInput, unknown, ConnectAccountValues>({
    resolver: zodResolver(connectAccountSchema(keychain.available)),
    defaultValues: {
      name: initial?.name ?? '',
      baseUrl: initial?.baseUrl ?? '',
      apiKey: '',
      sessionOnly: false,
      keep: undefined,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await add(values);
      onConnected?.();
    } catch (error) {
      setFailure({ kind: failureKind(error), message: failureMessage(error) });
    }
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Connect an account">
      <FieldFrame
        id="account-name"
        label="Account name"
        hint="How the account is shown in the app, e.g. “Acme marketing”."
        error={errors.name?.message}
      >
        <input
          id="account-name"
          className="input"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('account-name', { hint: true, error: errors.name })}
          {...register('name')}
        />
      </FieldFrame>
      <FieldFrame
        id="account-url"
        label="Service address"
        hint="The base address of the Job Rendering Service."
        error={errors.baseUrl?.message}
      >
        <input
          id="account-url"
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://api.example.com"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.baseUrl ? true : undefined}
          aria-describedby={describedBy('account-url', { hint: true, error: errors.baseUrl })}
          {...register('baseUrl')}
        />
      </FieldFrame>
      <FieldFrame
        id="account-key"
        label="API key"
        hint="Create one in the web app under API access. It is checked with the service, then kept by the app, never shown again."
        error={errors.apiKey?.message}
      >
        <input
          id="account-key"
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.apiKey ? true : undefined}
          aria-describedby={describedBy('account-key', { hint: true, error: errors.apiKey })}
          {...register('apiKey')}
        />
      </FieldFrame>
      {keychain.available ? null : (
        <div className="notice notice-warning">
          <span className="notice-icon" aria-hidden="true">
            i
          </span>
          <div className="notice-body">
            <p className="notice-title">No keychain was found</p>
            <p className="notice-text">
              {keychain.reason ?? 'The app cannot save the key in a system keychain on this computer.'}
            </p>
            <fieldset className="key-choice" aria-describedby={errors.keep ? 'key-choice-error' : undefined}>
              <legend>Where should the key go?</legend>
              <label className="key-choice-option">
                <input type="radio" value="session" {...register('keep')} />
                <span>
                  This session only
                  <span className="key-choice-hint">
                    Forgotten when the app quits. The account and its jobs stay, marked “Key missing”, until
                    you add the key again.
                  </span>
                </span>
              </label>
              <label className="key-choice-option">
                <input type="radio" value="key-file" {...register('keep')} />
                <span>
                  Save in a key file only you can read
                  <span className="key-choice-hint">
                    {keychain.keyFolder
                      ? `A file in ${keychain.keyFolder} that only your user account can open (not encrypted).`
                      : 'A file in the app’s data folder that only your user account can open (not encrypted).'}
                  </span>
                </span>
              </label>
            </fieldset>
            {errors.keep ? (
              <p className="field-error" id="key-choice-error">
                {errors.keep.message}
              </p>
            ) : null}
          </div>
        </div>
      )}
      {failure ? <ErrorNotice title={connectErrorTitle(failure.kind)}>{failure.message}</ErrorNotice> : null}
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Checking the key…' : 'Connect account'}
        </button>
      </div>
    </form>
  );
}
