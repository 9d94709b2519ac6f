// "Restart now": installs the downloaded update, from the ready banner and from Settings → Updates. While
// the restart is asked for it shows a spinner and is aria-disabled (not disabled: focus stays on it).
import { Spinner } from '../../components/Spinner';
import { useUpdatesStore } from './updates-store';

export function RestartNowButton({ small = false }: { small?: boolean }): React.JSX.Element {
  const restarting = useUpdatesStore((state) => state.busy === 'restart');
  return (
    <button
      type="button"
      className={`btn btn-primary${small ? ' btn-sm' : ''}`}
      aria-disabled={restarting ? true : undefined}
      onClick={() => {
        if (!restarting) void useUpdatesStore.getState().restart();
      }}
    >
      {restarting ? <Spinner /> : null}
      Restart now
    </button>
  );
}
