// A small busy indicator; the label is read by screen readers, the circle is decoration.
export function Spinner({ label, size = 'sm' }: { label?: string; size?: 'sm' | 'md' }): React.JSX.Element {
  return (
    <span className={`spinner spinner-${size}`} role={label ? 'status' : undefined}>
      <span className="spinner-circle" aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
