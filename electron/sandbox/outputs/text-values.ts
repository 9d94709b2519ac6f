// Turns a job's submitted values (hostile: any size, any characters, any shape) into short, clean text
// that every output generator can print, tag or embed without crashing or hanging.

export interface TextEntry {
  /** The field name, cleaned like the text. */
  label: string;
  text: string;
  /** Where the text came from: a plain string, or the URL of an uploaded asset. */
  kind: 'text' | 'image_url' | 'audio_url';
}

/** More fields than any real project has; a flood of keys must not turn into a flood of work. */
const MAX_ENTRIES = 64;
const MAX_LABEL_LENGTH = 80;

// C0/C1 controls and the bidi embedding/override/isolate marks: the latter can reorder the rest of a
// label in viewers, so a value must not smuggle them into the output's metadata.
const UNSAFE_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\uFEFF]+/gu;
// A lone surrogate cannot be encoded as UTF-8 and makes some encoders throw.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Cleans one value: controls become spaces, whitespace collapses, and the result holds at most
 * `maxLength` code points (an ellipsis marks a cut). Slicing first keeps a 10 MB string cheap.
 */
export function cleanText(raw: string, maxLength: number): string {
  const head = raw.length > maxLength * 2 + 8 ? raw.slice(0, maxLength * 2 + 8) : raw;
  const cleaned = head
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const codePoints = Array.from(cleaned);
  const cut = codePoints.length > maxLength || head.length < raw.length;
  if (!cut) return cleaned;
  return `${codePoints
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}

function urlOf(value: object, key: 'image_url' | 'audio_url'): string | null {
  const url: unknown = (value as Record<string, unknown>)[key];
  return typeof url === 'string' ? url : null;
}

/** The values that carry something printable, in submission order; anything else is skipped. */
export function textEntries(values: unknown, maxLength: number): TextEntry[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return [];
  const entries: TextEntry[] = [];
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (entries.length >= MAX_ENTRIES) break;
    let raw: string | null = null;
    let kind: TextEntry['kind'] = 'text';
    if (typeof value === 'string') raw = value;
    else if (typeof value === 'number' || typeof value === 'boolean') raw = String(value);
    else if (typeof value === 'object' && value !== null) {
      const image = urlOf(value, 'image_url');
      const audio = urlOf(value, 'audio_url');
      if (image !== null) [raw, kind] = [image, 'image_url'];
      else if (audio !== null) [raw, kind] = [audio, 'audio_url'];
    }
    if (raw === null) continue;
    const text = cleanText(raw, maxLength);
    if (text === '') continue;
    entries.push({ label: cleanText(key, MAX_LABEL_LENGTH) || 'value', text, kind });
  }
  return entries;
}

/** The output's title: the first non-empty text value (the headline), else the project, else the job. */
export function pickTitle(values: unknown, projectName: string, jobId: string, maxLength: number): string {
  const first = textEntries(values, maxLength).find((entry) => entry.kind === 'text');
  if (first) return first.text;
  return cleanText(String(projectName), maxLength) || cleanText(String(jobId), maxLength) || 'Untitled';
}
