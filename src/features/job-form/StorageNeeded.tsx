// Said once per form, where the first drop area would be, when the account cannot take uploads: why (main's
// sentence), and a button to Settings → Asset storage that remembers the way back (the form stays mounted,
// so its values wait there). Every asset field still takes a web address.
import { useNavStore } from '../navigation/nav-store';

/** The id of the note's text: every asset field's address input is described by it. */
export const STORAGE_NOTE_ID = 'storage-needed-text';

interface StorageNeededProps {
  /** The DOM id of the asset field it stands in; focus comes back to its button, else to that field. */
  fieldId: string;
  reason: string | undefined;
}

export function StorageNeeded({ fieldId, reason }: StorageNeededProps): React.JSX.Element {
  const buttonId = `${fieldId}-set-up-storage`;
  return (
    <div className="storage-needed" data-testid="storage-needed">
      <p className="storage-needed-text" id={STORAGE_NOTE_ID}>
        {reason ?? 'File uploads are not available for this account.'}
      </p>
      <button
        type="button"
        id={buttonId}
        className="btn btn-secondary btn-sm"
        onClick={() =>
          useNavStore.getState().go('settings', {
            section: 'storage',
            returnTo: { screen: 'create', focusIds: [buttonId, `${fieldId}-choose`, fieldId] },
          })
        }
      >
        Set up asset storage
      </button>
    </div>
  );
}
