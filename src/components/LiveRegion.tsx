// A visually hidden polite live region: screen readers hear each new message once.
export function LiveRegion({ message }: { message: string }): React.JSX.Element {
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
