// checkExternalUrl: only https links without credentials may be handed to the OS.
import { describe, expect, it } from 'vitest';
import { checkExternalUrl } from '../../electron/main/external-url';

describe('checkExternalUrl', () => {
  it.each([
    'https://example.com',
    'https://docs.example.com/job-rendering-service?page=2#jobs',
    'https://127.0.0.1:8443/path',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts %s', (url) => {
    const checked = checkExternalUrl(url);
    expect(checked).toBeInstanceOf(URL);
    expect(checked!.protocol).toBe('https:');
  });

  it.each([
    ['plain http', 'http://example.com'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['smb share', 'smb://server/share'],
    ['custom scheme', 'ms-settings:privacy'],
    ['user and password', 'https://user:secret@example.com/'],
    ['user only', 'https://user@example.com/'],
    ['relative', '/docs'],
    ['empty', ''],
    ['not a URL', 'https//example.com'],
    ['too long', `https://example.com/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, url) => {
    expect(checkExternalUrl(url)).toBeNull();
  });

  it('returns the normalised URL, which is what gets opened', () => {
    expect(checkExternalUrl('https://Example.COM/a/../b')!.href).toBe('https://example.com/b');
  });
});
