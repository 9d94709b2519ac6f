// File names that come from the service (storage paths) or from a job's values (a headline typed by anyone)
// become segments of a path under the folder the person chose, and nothing else: no traversal (`..`, an
// absolute path, a drive letter, a UNC share), no name Windows reserves (CON, NUL, COM1…), no control or
// bidirectional-override characters, no trailing dot or space, bounded lengths. The same rules apply on
// every platform, so a file named on Linux can be copied to Windows, and the checks are tested under both
// path flavours.
import type { PlatformPath } from 'node:path';

/** A segment's longest length in UTF-16 units: room under 255 for " (999)" and ".part" (Windows counts these). */
export const MAX_SEGMENT = 120;
/**
 * A segment's longest length in UTF-8 bytes (what Linux and macOS count, 255 a name): room for ".part" (5)
 * and " (9999)" (7), the most freeName adds. A Chinese name (3 bytes a character) is cut by this first.
 */
export const MAX_SEGMENT_BYTES = 240;
/** The most folders a template may make under the chosen one (the file itself included). */
export const MAX_DEPTH = 8;
/** The longest relative path, in characters (Windows' classic limit is 260 for the whole path). */
export const MAX_RELATIVE = 400;

const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// Windows' forbidden characters, both slashes (a value never makes a folder), and C0/C1 controls.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
// Bidirectional overrides and isolates can make "exe.mp4" display as "4pm.exe"; zero-width characters hide.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Cuts to at most `max` UTF-16 units and `maxBytes` UTF-8 bytes, between graphemes (a letter and its
 * accents, an emoji and its joiners stay together); a single grapheme longer than that (hundreds of
 * combining marks) is cut between code points.
 */
function cut(text: string, max: number, maxBytes = MAX_SEGMENT_BYTES): string {
  if (text.length <= max && utf8Bytes(text) <= maxBytes) return text;
  let kept = '';
  let keptBytes = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    const size = utf8Bytes(segment);
    if (kept.length + segment.length <= max && keptBytes + size <= maxBytes) {
      kept += segment;
      keptBytes += size;
      continue;
    }
    if (kept !== '') break;
    for (const point of segment) {
      const pointSize = utf8Bytes(point);
      if (kept.length + point.length > max || keptBytes + pointSize > maxBytes) break;
      kept += point;
      keptBytes += pointSize;
    }
    break;
  }
  return kept;
}

/**
 * One safe path segment from any text: never empty, never `.` or `..`, never reserved. A long name keeps
 * its extension (the part after the last dot, up to 10 characters) when it is cut.
 */
export function safeSegment(text: string, fallback = 'file'): string {
  // A lone surrogate cannot be written as UTF-8 (it would become U+FFFD on disk, another name).
  let name = text
    .replace(/\p{Cs}/gu, '_')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(FORBIDDEN, '_')
    .replace(/\s+/g, ' ');
  // Leading dots hide a file (and "..": the parent); trailing dots and spaces vanish on Windows.
  name = name
    .trim()
    .replace(/^\.+/, (dots) => '_'.repeat(dots.length))
    .replace(/[. ]+$/, '');
  if (name === '') name = fallback;
  if (RESERVED.test(name)) name = `_${name}`;
  if (name.length > MAX_SEGMENT || utf8Bytes(name) > MAX_SEGMENT_BYTES) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 11 ? name.slice(dot) : '';
    const stem = cut(
      name.slice(0, name.length - ext.length),
      MAX_SEGMENT - ext.length,
      MAX_SEGMENT_BYTES - utf8Bytes(ext),
    ).replace(/[. ]+$/, '');
    name = (stem === '' ? fallback : stem) + ext;
    if (RESERVED.test(name)) name = `_${name}`;
  }
  return name;
}

/** Safe segments for a relative path: each made safe, empty ones dropped, at most MAX_DEPTH deep. */
export function safeSegments(parts: readonly string[]): string[] {
  const segments = parts.map((part) => part.trim()).filter((part) => part !== '');
  if (segments.length === 0) return ['file'];
  // Too deep: the folders beyond the limit are joined into the last one allowed.
  const kept =
    segments.length > MAX_DEPTH
      ? [
          ...segments.slice(0, MAX_DEPTH - 2),
          segments.slice(MAX_DEPTH - 2, -1).join(' '),
          segments.at(-1) ?? '',
        ]
      : segments;
  const safe = kept.map((part, index) => safeSegment(part, index === kept.length - 1 ? 'file' : 'folder'));
  // Too long as a whole: the folders give way first (shortened from the front), the file name last.
  let total = safe.join('/').length;
  for (let index = 0; index < safe.length - 1 && total > MAX_RELATIVE; index += 1) {
    const before = safe[index] ?? '';
    const after = safeSegment(cut(before, Math.max(8, before.length - (total - MAX_RELATIVE))), 'folder');
    total -= before.length - after.length;
    safe[index] = after;
  }
  return safe;
}

/** True when `candidate` is `root` itself or below it, by the given path flavour's rules. */
export function isInside(path: PlatformPath, root: string, candidate: string): boolean {
  const relative = path.relative(path.resolve(root), path.resolve(candidate));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The absolute path of safe segments under `root`, checked to be inside it (by the path flavour given:
 * node's `path.posix` or `path.win32`). Throws when it is not, which safe segments never allow.
 */
export function joinInside(path: PlatformPath, root: string, segments: readonly string[]): string {
  const target = path.resolve(root, ...safeSegments(segments));
  if (!isInside(path, root, target) || target === path.resolve(root)) {
    throw new Error(`Refused a download path outside the chosen folder: ${target}`);
  }
  return target;
}
