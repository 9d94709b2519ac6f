// The browser host's WebSocket speaks the IPC contract: the page sends requests, the host answers each by
// its id and pushes core's events. A file's bytes (dropped where the browser gives no path) go first to
// the host's upload route; the request carries the upload's id in their place.
import { z } from 'zod';

/** The WebSocket's path on the host. */
export const SOCKET_PATH = '/__jrs/socket';
/** Where the page loads a downloaded job's file from, for previews (Electron uses its jrs-file: scheme). */
export const FILE_ROUTE = '/__jrs/files/';

export const socketRequest = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  params: z.unknown().optional(),
});
export type SocketRequest = z.infer<typeof socketRequest>;

export type SocketMessage = { id: number; result: unknown } | { event: string; payload: unknown };

/** The route the page POSTs a file's bytes to; it answers `{ id }`. */
export const UPLOAD_ROUTE = '/__jrs/uploads';
/**
 * The most one upload may be: well above the largest asset (50 MB) a field or a batch takes. The page
 * checks it before sending; the host answers 413 from the declared size, before reading.
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Stands where bytes were in a request: `{ __jrsUpload: id }`. */
export const UPLOAD_TAG = '__jrsUpload';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** How many files the page sends at once: each send costs the page a little, 100 at once a long task. */
const SWAPS_AT_ONCE = 4;

/** Every Uint8Array in `value`, depth first. */
function bytesIn(value: unknown, found: Uint8Array[] = []): Uint8Array[] {
  if (value instanceof Uint8Array) found.push(value);
  else if (Array.isArray(value)) for (const item of value) bytesIn(item, found);
  else if (isPlainObject(value)) for (const item of Object.values(value)) bytesIn(item, found);
  return found;
}

function replaced(value: unknown, swapped: Map<Uint8Array, unknown>): unknown {
  if (value instanceof Uint8Array) return swapped.get(value);
  if (Array.isArray(value)) return value.map((item) => replaced(item, swapped));
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item, swapped)]));
  return value;
}

/**
 * Replaces every Uint8Array in `value` by what `swap` gives for it (the page: its upload's tag), a few
 * swaps at a time.
 */
export async function swapBytes(
  value: unknown,
  swap: (bytes: Uint8Array) => Promise<unknown>,
): Promise<unknown> {
  const pending = bytesIn(value);
  if (pending.length === 0) return value;
  const swapped = new Map<Uint8Array, unknown>();
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) swapped.set(next, await swap(next));
  };
  await Promise.all(Array.from({ length: Math.min(SWAPS_AT_ONCE, pending.length) }, worker));
  return replaced(value, swapped);
}

/** In the host: every `{ __jrsUpload: id }` back into its bytes (`take` gives them once). */
export function restoreBytes(value: unknown, take: (id: string) => Uint8Array | undefined): unknown {
  if (isPlainObject(value)) {
    const id = value[UPLOAD_TAG];
    if (typeof id === 'string' && Object.keys(value).length === 1) {
      const bytes = take(id);
      if (!bytes) throw new Error('A file sent with this request is no longer on the host: drop it again.');
      return bytes;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restoreBytes(v, take)]));
  }
  if (Array.isArray(value)) return value.map((item) => restoreBytes(item, take));
  return value;
}
