// A confirmation before an action that cannot be taken back (Radix AlertDialog): focus is trapped, Escape
// cancels. Destructive by default (a red button); `tone="primary"` for one that spends, such as a submit.
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** A choice that goes with the decision, as a checkbox after the description (not part of it). */
  option?: { label: string; checked: boolean; onChange(checked: boolean): void };
  confirmLabel: string;
  /** Default "Cancel". */
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm(): void;
  /** When closed, focus returns to what had it before; call preventDefault() and move it yourself instead. */
  onCloseAutoFocus?(event: Event): void;
  busy?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps): React.JSX.Element {
  const { open, onOpenChange, title, children, option, confirmLabel, onConfirm, busy = false } = props;
  const { cancelLabel = 'Cancel', tone = 'danger', onCloseAutoFocus } = props;
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content dialog-narrow" onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="dialog-description">{children}</div>
          </AlertDialog.Description>
          {option ? (
            <label className="checkbox dialog-option">
              <input
                type="checkbox"
                checked={option.checked}
                onChange={(event) => option.onChange(event.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          ) : null}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={`btn btn-${tone}`}
              disabled={busy}
              onClick={(event) => {
                // The dialog closes when the action is done, not before.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
