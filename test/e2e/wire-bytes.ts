// Uint8Array values (asset uploads) do not survive Playwright's binding serialisation, so the page
// wrapper sends them as base64 and the harness turns them back into bytes before dispatch.

const TAG = '__jrsBytes';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** In the page: every Uint8Array becomes `{ __jrsBytes: base64 }`. */
export function encodeBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [TAG]: toBase64(value) };
  if (Array.isArray(value)) return value.map(encodeBytes);
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeBytes(v)]));
  return value;
}

/** In Node: the inverse of encodeBytes. */
export function decodeBytes(value: unknown): unknown {
  if (isPlainObject(value)) {
    const tagged = value[TAG];
    if (typeof tagged === 'string' && Object.keys(value).length === 1) {
      return new Uint8Array(Buffer.from(tagged, 'base64'));
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeBytes(v)]));
  }
  if (Array.isArray(value)) return value.map(decodeBytes);
  return value;
}
