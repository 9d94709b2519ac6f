// The kinds of file the service's outputs come as: each Content-Type's file extension, and back. Names of
// downloaded files take the extension; the browser host serves a downloaded file's preview with the type.
export const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** Extensions that name a type under another spelling. */
const SPELLINGS: Readonly<Record<string, string>> = { jpeg: 'jpg' };

/** The Content-Type of a file extension (with or without its dot, any case), or null when unknown. */
export function contentTypeOfExtension(extension: string): string | null {
  const plain = extension.replace(/^\./, '').toLowerCase();
  const wanted = SPELLINGS[plain] ?? plain;
  return Object.entries(EXTENSION_OF_TYPE).find(([, ext]) => ext === wanted)?.[0] ?? null;
}
