// The way back to the job form when Settings → Asset storage was opened from it: the form stayed mounted,
// so what was typed is all there; focus returns to where the person left.
import { useNavStore } from '../navigation/nav-store';

export function BackToForm(): React.JSX.Element | null {
  const fromForm = useNavStore((state) => state.returnTo?.screen === 'create');
  if (!fromForm) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm settings-back"
      onClick={() => useNavStore.getState().goBack()}
    >
      <span aria-hidden="true">← </span>
      Back to the form
    </button>
  );
}
