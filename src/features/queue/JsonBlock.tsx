// Raw JSON (the request sent, the service's record) in a collapsible block with a copy button.
import { CopyButton } from '../../components/CopyButton';

export function JsonBlock({ title, value }: { title: string; value: unknown }): React.JSX.Element {
  const text = value === undefined || value === null ? null : JSON.stringify(value, null, 2);
  return (
    <details className="json-block">
      <summary className="json-summary">{title}</summary>
      {text === null ? (
        <p className="value-note">Not known yet.</p>
      ) : (
        <>
          <div className="json-actions">
            <CopyButton text={text} label={`Copy ${title.toLowerCase()}`} short="Copy" />
          </div>
          <pre className="json-text" tabIndex={0}>
            {text}
          </pre>
        </>
      )}
    </details>
  );
}
