// A job's values as submitted, each under its field's label (the id while the labels load or when the
// project cannot be read): text as text, images and audio previewed (use-asset-preview.ts says from
// where), anything else as JSON. A preview that cannot load says so and keeps the address.
import { useState } from 'react';
import { LinkName } from './LinkName';
import { useAssetSource } from './use-asset-preview';
import { useFieldLabels } from './use-field-labels';
import { assetOf } from '../../../electron/shared/domain/asset-value';

interface PreviewProps {
  jobId: string;
  field: string;
  /** The field as the person reads it. */
  label: string;
  kind: 'image' | 'audio';
  src: string;
}

function Unavailable({ reason }: { reason?: string }): React.JSX.Element {
  return (
    <>
      <p className="value-note">Preview unavailable</p>
      {reason ? <p className="value-note value-reason">{reason}</p> : null}
    </>
  );
}

/** An image or a player, or "Preview unavailable" (not an empty 0:00 player) once it fails to load. */
function Preview({ jobId, field, label, kind, src: address }: PreviewProps) {
  const source = useAssetSource(jobId, field, address);
  // Keyed by the source, so that a new address gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (!source) return null;
  if (source.state === 'loading') return <p className="value-note">Loading the preview…</p>;
  if (source.state === 'unavailable') return <Unavailable reason={source.reason} />;
  if (failed === source.src) return <Unavailable />;
  const src = source.src;
  return kind === 'image' ? (
    <img
      className="value-image"
      src={src}
      alt={`Image for ${label}`}
      loading="lazy"
      onError={() => setFailed(src)}
    />
  ) : (
    <audio
      className="value-audio"
      controls
      // Metadata only (not the sound): enough to learn early that it cannot load and say so.
      preload="metadata"
      src={src}
      aria-label={`Play the audio for ${label}`}
      onError={() => setFailed(src)}
    />
  );
}

function Value({
  jobId,
  name,
  label,
  value,
}: {
  jobId: string;
  name: string;
  label: string;
  value: unknown;
}): React.JSX.Element {
  if (typeof value === 'string') {
    return value.trim() ? <p className="value-text">{value}</p> : <p className="value-note">Empty</p>;
  }
  const asset = assetOf(value);
  if (asset) {
    return (
      <>
        <Preview jobId={jobId} field={name} label={label} kind={asset.kind} src={asset.url} />
        <LinkName address={asset.url} field={label} />
      </>
    );
  }
  return <pre className="value-json">{JSON.stringify(value, null, 2)}</pre>;
}

export function JobValues({
  jobId,
  projectId,
  values,
}: {
  jobId: string;
  /** The job's project, whose field labels name the values. */
  projectId?: string;
  values: Record<string, unknown>;
}): React.JSX.Element {
  const labels = useFieldLabels(projectId);
  const entries = Object.entries(values);
  if (entries.length === 0) return <p className="value-note">This job was sent without values.</p>;
  return (
    <dl className="value-list">
      {entries.map(([name, value]) => (
        <div className="value-item" key={name}>
          <dt className="value-name">{labels[name] ?? name}</dt>
          <dd className="value-body">
            <Value jobId={jobId} name={name} label={labels[name] ?? name} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
