// A confirmation for destructive actions (Radix AlertDialog): focus is trapped, Escape cancels.
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** A control to decide with (a checkbox), after the description and not part of it. */
  extra?: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  busy?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps): React.JSX.Element {
  const { open, onOpenChange, title, children, extra, confirmLabel, onConfirm, busy = false } = props;
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content dialog-narrow">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="dialog-description">{children}</div>
          </AlertDialog.Description>
          {extra}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn btn-danger"
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
