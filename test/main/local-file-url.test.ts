// The preview scheme names a job, never a path: only jrs-file://download/<one id> is understood; every
// other shape (another host, a nested path, a traversal, another scheme) names nothing. The CSP lets
// images and media (and nothing else) load from it.
import { describe, expect, it } from 'vitest';
import { rendererCsp } from '../../electron/main/content-security-policy';
import { downloadPreviewUrl, jobIdOfPreviewUrl } from '../../electron/main/local-file-url';

describe('preview addresses', () => {
  it.each(['8f0c1c8e-1111-4a6b-9c1e-2f3a4b5c6d7e', 'job with spaces', 'ünïcode-id', 'a%2Fb'])(
    'round-trips the job id %s',
    (id) => {
      expect(jobIdOfPreviewUrl(downloadPreviewUrl(id))).toBe(id);
    },
  );

  it.each([
    ['another host', 'jrs-file://elsewhere/abc'],
    ['a nested path', 'jrs-file://download/abc/def'],
    ['a traversal', 'jrs-file://download/..%2F..%2Fetc%2Fpasswd'],
    ['a file URL', 'file:///etc/passwd'],
    ['the app bundle', 'app://renderer/index.html'],
    ['no id', 'jrs-file://download/'],
    ['bad escapes', 'jrs-file://download/%E0%A4%A'],
    ['not a URL', 'download/abc'],
  ])('names no job for %s', (_name, address) => {
    expect(jobIdOfPreviewUrl(address)).toBeNull();
  });

  it('is allowed for images and media only', () => {
    const directives = Object.fromEntries(
      rendererCsp({ dev: false })
        .split('; ')
        .map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
    );
    const allowing = Object.entries(directives)
      .filter(([, sources]) => (sources as string[]).includes('jrs-file:'))
      .map(([name]) => name);
    expect(allowing.sort()).toEqual(['img-src', 'media-src']);
  });
});
