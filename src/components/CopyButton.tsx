// Copies a text (an id, a path, raw JSON) and says so for a moment, in the button and to screen readers.
import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { failureMessage } from '../lib/api';

interface CopyButtonProps {
  text: string;
  /** The button's accessible name, e.g. "Copy service id". */
  label: string;
  /** Shown instead of the label (e.g. "Copy"); the label stays the accessible name. */
  short?: string;
}

export function CopyButton({ text, label, short }: CopyButtonProps): React.JSX.Element {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  useEffect(() => {
    if (state.kind === 'idle') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <span className="copy">
      <button
        type="button"
        className="btn btn-ghost btn-sm copy-button"
        aria-label={short ? label : undefined}
        title={state.kind === 'failed' ? state.message : undefined}
        onClick={() =>
          void copyText(text).then(
            () => setState({ kind: 'copied' }),
            (error: unknown) => setState({ kind: 'failed', message: failureMessage(error) }),
          )
        }
      >
        <span className="icon-copy" aria-hidden="true" />
        {short ?? label}
      </button>
      <span className="copy-status" role="status">
        {state.kind === 'copied' ? 'Copied' : state.kind === 'failed' ? 'Not copied' : ''}
      </span>
    </span>
  );
}
