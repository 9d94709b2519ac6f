// How a download is put into words: sizes and speeds ("12.4 MB", "3.1 MB/s"), time left, and one short
// label per state for the queue's File column and the drawer.
import type { DownloadView } from '../../../electron/shared/domain/download';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Decimal units (1 MB = 1,000,000 bytes), as the operating systems' file managers show them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0
    ? `${bytes.toLocaleString()} ${bytes === 1 ? 'byte' : 'bytes'}`
    : `${sizeFormat.format(value)} ${UNITS[unit]}`;
}

export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

/** "about 20 s left", from the recent speed; '' when it cannot be told. */
export function downloadTimeLeft(download: Pick<DownloadView, 'bytes' | 'total' | 'speed'>): string {
  const { bytes, total, speed } = download;
  if (total === null || !speed || speed <= 0 || bytes >= total) return '';
  const seconds = Math.ceil((total - bytes) / speed);
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} hr ${minutes % 60} min left`;
}

/** Done so far, 0–1, or null when the size is not known yet. */
export function downloadFraction(download: Pick<DownloadView, 'bytes' | 'total'>): number | null {
  if (download.total === null || download.total === 0) return download.total === 0 ? 1 : null;
  return Math.min(1, download.bytes / download.total);
}

/** The short label of the File column: "Saved", "42 %", "Paused 42 %", "Waiting", "Failed". */
export function downloadLabel(download: DownloadView): string {
  const fraction = downloadFraction(download);
  const percent = fraction === null ? '' : ` ${Math.floor(fraction * 100)} %`;
  switch (download.state) {
    case 'done':
      return 'Saved';
    case 'active':
      return fraction === null ? formatBytes(download.bytes) : percent.trim();
    case 'paused':
      return `Paused${percent}`;
    case 'queued':
      return download.bytes > 0 ? `Waiting${percent}` : 'Waiting';
    case 'failed':
      return 'Failed';
  }
}

/** The sentence for the drawer and for screen readers: "12.4 MB of 40 MB · 3.1 MB/s · about 9 s left". */
export function downloadProgressWords(download: DownloadView): string {
  const done =
    download.total === null
      ? formatBytes(download.bytes)
      : `${formatBytes(download.bytes)} of ${formatBytes(download.total)}`;
  if (download.state !== 'active') return done;
  const parts = [done];
  if (download.speed) parts.push(formatSpeed(download.speed));
  const left = downloadTimeLeft(download);
  if (left) parts.push(left);
  return parts.join(' · ');
}

/** The file's name (the last part of its path, on any system's separators). */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
