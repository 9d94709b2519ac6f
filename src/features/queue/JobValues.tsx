// A job's values as submitted: text as text, images and audio previewed from their addresses (http(s) only),
// anything else as JSON. A preview that cannot load says so and keeps the address.
import { useState } from 'react';

function isWebAddress(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text.trim());
}

/** An image or a player, or "Preview unavailable" (not an empty 0:00 player) once it fails to load. */
function Preview({ kind, src, name }: { kind: 'image' | 'audio'; src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!isWebAddress(src)) return null;
  if (failed) return <p className="value-note">Preview unavailable</p>;
  return kind === 'image' ? (
    <img
      className="value-image"
      src={src}
      alt={`Image for ${name}`}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  ) : (
    <audio
      className="value-audio"
      controls
      // Metadata only (not the sound): enough to learn early that it cannot load and say so.
      preload="metadata"
      src={src}
      aria-label={`Play the audio for ${name}`}
      onError={() => setFailed(true)}
    />
  );
}

function Value({ name, value }: { name: string; value: unknown }): React.JSX.Element {
  if (typeof value === 'string') {
    return value.trim() ? <p className="value-text">{value}</p> : <p className="value-note">Empty</p>;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const asset = value as { image_url?: unknown; audio_url?: unknown };
    const kind =
      typeof asset.image_url === 'string' ? 'image' : typeof asset.audio_url === 'string' ? 'audio' : null;
    if (kind) {
      const src = String(kind === 'image' ? asset.image_url : asset.audio_url);
      return (
        <>
          <Preview kind={kind} src={src} name={name} />
          <p className="value-url">{src}</p>
        </>
      );
    }
  }
  return <pre className="value-json">{JSON.stringify(value, null, 2)}</pre>;
}

export function JobValues({ values }: { values: Record<string, unknown> }): React.JSX.Element {
  const entries = Object.entries(values);
  if (entries.length === 0) return <p className="value-note">This job was sent without values.</p>;
  return (
    <dl className="value-list">
      {entries.map(([name, value]) => (
        <div className="value-item" key={name}>
          <dt className="value-name">{name}</dt>
          <dd className="value-body">
            <Value name={name} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
