// Which links may leave the app for the person's browser: https only, no credentials in the URL.
// Kept apart from open-external.ts (which calls electron's shell) so that it is unit-tested in Node.

/** Long enough for any real link; longer ones are more likely an attempt to smuggle data out. */
const MAX_URL_LENGTH = 2048;

/** The parsed URL when it is safe to hand to the OS, otherwise null. */
export function checkExternalUrl(url: string): URL | null {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // http would leak the visit; file:, smb:, custom schemes and the like can run or mount things locally.
  if (parsed.protocol !== 'https:') return null;
  // user:password@ hides the real host from a quick glance and has no business in a help link.
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.hostname === '') return null;
  return parsed;
}
