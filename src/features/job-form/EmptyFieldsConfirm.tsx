// Asks before a job goes out with empty fields: the service marks no field as required, so an empty one
// may be meant or forgotten (one labelled "(optional)" is not asked about). Lists them; "Don't ask again for this project" is
// remembered by core for the account. Cancelling goes back to the first empty field.
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { FormField } from './field-kinds';

interface EmptyFieldsConfirmProps {
  /** The empty fields, or null when not asking. */
  empty: readonly FormField[] | null;
  /** Escape or "Go back": the dialog is to close. */
  onCancel(): void;
  onConfirm(dontAskAgain: boolean): void;
  /** Once closed after going back: where focus goes (the first empty field). */
  onFocusField(field: FormField): void;
}

export function EmptyFieldsConfirm({
  empty,
  onCancel,
  onConfirm,
  onFocusField,
}: EmptyFieldsConfirmProps): React.JSX.Element {
  const [dontAskAgain, setDontAskAgain] = useState(false);
  const count = empty?.length ?? 0;
  // Set when the person chose to go back, so that focus goes to that field rather than the button.
  const backTo = useRef<FormField | null>(null);
  return (
    <ConfirmDialog
      open={empty !== null}
      onOpenChange={(open) => {
        if (open) return;
        backTo.current = empty?.[0] ?? null;
        setDontAskAgain(false);
        onCancel();
      }}
      title={count === 1 ? '1 field is empty' : `${count} fields are empty`}
      tone="primary"
      confirmLabel="Submit anyway"
      cancelLabel={count === 1 ? 'Go back and fill it' : 'Go back and fill them'}
      onConfirm={() => {
        backTo.current = null;
        setDontAskAgain(false);
        onConfirm(dontAskAgain);
      }}
      onCloseAutoFocus={(event) => {
        const field = backTo.current;
        if (!field) return;
        event.preventDefault();
        backTo.current = null;
        onFocusField(field);
      }}
      option={{
        label: 'Don’t ask again for this project',
        checked: dontAskAgain,
        onChange: setDontAskAgain,
      }}
    >
      <p>The job will be sent with {count === 1 ? 'this field' : 'these fields'} left empty:</p>
      <ul className="confirm-list">
        {(empty ?? []).map((field) => (
          <li key={field.key}>{field.label}</li>
        ))}
      </ul>
      <p className="confirm-note">Submit anyway? The service may refuse the job, or make it without them.</p>
    </ConfirmDialog>
  );
}
