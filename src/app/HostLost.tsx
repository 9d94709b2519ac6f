// The page whose host stopped (the browser host: `jrs serve`, `npm start` without Electron): in the app's
// look, it says what happened and what to do, and checks back by itself, quickly at first, then every 15 s,
// and at once when the tab is shown again or the network returns. The same host back (the socket dropped,
// the host stayed) reloads the page on its session; a restarted host has forgotten the tab's sign-in, so
// the page says how to get a new link instead of reloading into the browser's error page.
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../components/Spinner';
import { probeHost, type HostAnswer } from '../lib/host-probe';
import { keptPageSession } from '../lib/page-session';
import { useTickingText } from '../lib/ticker';

/** The waits between checks: soon after the stop (a restart takes seconds), then every 15 s. */
export const CHECK_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000] as const;

type Check = { state: 'checking' } | { state: Exclude<HostAnswer, 'back'>; nextAt: number | null };

function useHostChecks(): { check: Check; checkNow(): void } {
  // The first check waits a moment too: a host that is stopping may still answer for an instant.
  const [check, setCheck] = useState<Check>(() => ({
    state: 'down',
    nextAt: Date.now() + CHECK_DELAYS_MS[0],
  }));
  const checkNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let attempts = 1;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running = false;
    let stopped = false;
    const run = () => {
      if (running || stopped) return;
      if (timer) clearTimeout(timer);
      timer = null;
      running = true;
      setCheck({ state: 'checking' });
      void probeHost(window.location, keptPageSession(window.sessionStorage)).then((answer) => {
        running = false;
        if (stopped) return;
        if (answer === 'back') {
          window.location.reload();
          return;
        }
        // Signed out stays signed out: only a new link helps, so there is nothing more to check.
        if (answer === 'signed-out') {
          stopped = true;
          setCheck({ state: 'signed-out', nextAt: null });
          return;
        }
        const delay = CHECK_DELAYS_MS[Math.min(attempts, CHECK_DELAYS_MS.length - 1)] ?? 15_000;
        attempts += 1;
        setCheck({ state: 'down', nextAt: Date.now() + delay });
        timer = setTimeout(run, delay);
      });
    };
    checkNow.current = run;
    timer = setTimeout(run, CHECK_DELAYS_MS[0]);
    const onShown = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onShown);
    return () => {
      stopped = true;
      window.removeEventListener('online', run);
      document.removeEventListener('visibilitychange', onShown);
      if (timer) clearTimeout(timer);
    };
  }, []);

  return { check, checkNow: () => checkNow.current() };
}

function NextCheck({ at }: { at: number }): React.JSX.Element {
  const text = useTickingText((now) => {
    const seconds = Math.max(1, Math.ceil((at - now) / 1000));
    return `Not back yet. Checking again in ${seconds} s.`;
  });
  return <span>{text}</span>;
}

export function HostLost(): React.JSX.Element {
  const { check, checkNow } = useHostChecks();
  const heading = useRef<HTMLHeadingElement>(null);
  const signedOut = check.state === 'signed-out';
  const port = window.location.port;

  // Whatever had focus is gone with the app: the person starts from the page's heading.
  useEffect(() => heading.current?.focus(), [signedOut]);

  return (
    <main className="host-lost" data-testid="host-lost">
      <div className="host-lost-card">
        <p className="welcome-eyebrow">Job Rendering Studio</p>
        <h1 className="host-lost-title" ref={heading} tabIndex={-1}>
          {signedOut ? 'The app is running again: sign in' : 'The app stopped'}
        </h1>
        {signedOut ? (
          <>
            <p className="host-lost-lead">
              A restarted app forgets which tabs were signed in, so that nobody else can take over one: this
              tab needs a new sign-in link.
            </p>
            <ol className="host-lost-steps">
              <li>
                Press <kbd className="kbd">Enter</kbd> in the terminal where <code>jrs serve</code> runs: it
                opens the app in a new tab, or prints a link to open here.
              </li>
              <li>
                Started with <code>npm start</code>? It opened a signed-in tab already: use that one and close
                this.
              </li>
            </ol>
          </>
        ) : (
          <>
            <p className="host-lost-lead">
              This page lost its connection to the app on this computer: it was stopped, or the terminal it
              ran in was closed. Your history is kept.
            </p>
            <ol className="host-lost-steps">
              <li>
                Start it again in a terminal: <code>jrs serve --port {port}</code> brings it back at this
                address, and this page reconnects by itself.
              </li>
              <li>
                Or run <code>npm start</code>: it opens the app in a new tab (on another address); close this
                one then.
              </li>
            </ol>
            <p className="host-lost-note">
              Keep this tab open: reloading it before the app is back shows only the browser’s error page.
            </p>
          </>
        )}
        {signedOut ? null : (
          <div className="host-lost-status">
            <p role="status" aria-live="polite">
              {check.state === 'checking' ? (
                <>
                  <Spinner /> Checking whether the app is back…
                </>
              ) : check.state === 'down' && check.nextAt !== null ? (
                <NextCheck at={check.nextAt} />
              ) : null}
            </p>
            {/* Kept while a check runs (not removed, not disabled): a keyboard's focus stays on it. */}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-disabled={check.state === 'checking' || undefined}
              onClick={checkNow}
            >
              Check now
            </button>
          </div>
        )}
      </div>
    </main>
  );
}
