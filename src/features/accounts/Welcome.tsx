// First run (no accounts yet): try the built-in sandbox, or connect a real account.
import { useLayoutEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { failureMessage } from '../../lib/api';
import { useNavStore } from '../navigation/nav-store';
import { useAccountsStore } from './accounts-store';
import { ConnectAccountForm } from './ConnectAccountForm';

/**
 * This screen goes away once an account exists, taking the focused button with it: the Create screen that
 * replaces it puts focus in its project search instead of leaving it to the page.
 */
function showWorkspace(): void {
  useNavStore.getState().go('create', { focus: true });
}

export function Welcome(): React.JSX.Element {
  const startSandbox = useAccountsStore((state) => state.startSandbox);
  const [mode, setMode] = useState<'choose' | 'connect'>('choose');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The account may appear (main's accounts:changed) before the request that made it answers: the Create screen
  // must take focus in the very commit that removes this one, so it is asked for now, not after the answer.
  useLayoutEffect(showWorkspace, []);

  async function trySandbox(): Promise<void> {
    setStarting(true);
    setError(null);
    try {
      await startSandbox();
      showWorkspace();
    } catch (failure) {
      setError(failureMessage(failure));
      setStarting(false);
    }
  }

  if (mode === 'connect') {
    return (
      <main className="welcome" aria-labelledby="connect-title">
        <section className="welcome-card">
          <h1 id="connect-title" className="welcome-title">
            Connect an account
          </h1>
          <p className="welcome-lead">
            Enter the address of your Job Rendering Service and an API key of your account.
          </p>
          <ConnectAccountForm
            onCancel={() => setMode('choose')}
            onConnected={showWorkspace}
            cancelLabel="Back"
          />
        </section>
      </main>
    );
  }

  return (
    <main className="welcome" aria-labelledby="welcome-title">
      <section className="welcome-card">
        <p className="welcome-eyebrow">Job Rendering Studio</p>
        <h1 id="welcome-title" className="welcome-title">
          Make branded videos, voice-overs and visuals from your templates
        </h1>
        <p className="welcome-lead">
          Pick a project, fill in its fields, and follow each job until it is ready. How would you like to
          start?
        </p>
        <div className="choice-grid">
          {/* aria-disabled, not disabled, while starting: a disabled button drops keyboard focus to the page. */}
          <button
            type="button"
            className="choice"
            onClick={() => {
              if (!starting) void trySandbox();
            }}
            aria-disabled={starting}
          >
            <span className="choice-title">
              {starting ? <Spinner /> : null}
              {starting ? 'Starting the sandbox…' : 'Try it without an account'}
            </span>
            <span className="choice-text">
              A built-in sandbox with sample projects and credits. Nothing leaves this computer.
            </span>
          </button>
          <button
            type="button"
            className="choice"
            onClick={() => {
              if (!starting) setMode('connect');
            }}
            aria-disabled={starting}
          >
            <span className="choice-title">Connect an account</span>
            <span className="choice-text">Use your service address and an API key from the web app.</span>
          </button>
        </div>
        {error ? (
          <ErrorNotice title="The sandbox could not start" onRetry={() => void trySandbox()}>
            {error}
          </ErrorNotice>
        ) : null}
      </section>
    </main>
  );
}
