// The frame around one form control: its label, an optional hint, and the error message under it.
// The control itself is passed in and wires `describedBy(id, …)` so both texts are read with it.
import type { ReactNode } from 'react';

interface FieldFrameProps {
  /** The id of the control the label is for. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Extra content right of the label (e.g. a type tag). */
  aside?: ReactNode;
  children: ReactNode;
  /** A group (several controls) is labelled by a legend instead. */
  as?: 'div' | 'fieldset';
}

export function describedBy(id: string, parts: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : null, parts.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldFrame({
  id,
  label,
  hint,
  error,
  aside,
  children,
  as = 'div',
}: FieldFrameProps): React.JSX.Element {
  // A fieldset's legend must be its first child, so the legend itself is the head there.
  const head =
    as === 'fieldset' ? (
      <legend className="field-head" id={`${id}-label`}>
        <span className="field-label">{label}</span>
        {aside}
      </legend>
    ) : (
      <div className="field-head">
        <label className="field-label" htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
        {aside}
      </div>
    );
  const body = (
    <>
      {head}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </>
  );
  return as === 'fieldset' ? (
    <fieldset className={`field${error ? ' field-invalid' : ''}`}>{body}</fieldset>
  ) : (
    <div className={`field${error ? ' field-invalid' : ''}`}>{body}</div>
  );
}
