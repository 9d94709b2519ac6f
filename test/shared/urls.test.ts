// The one web-address rule: https anywhere, http only for this computer.
import { describe, expect, it } from 'vitest';
import { newAccountSchema } from '../../electron/shared/domain/account';
import { isAllowedWebAddress, isLoopbackHost } from '../../electron/shared/domain/urls';

describe('isAllowedWebAddress', () => {
  it.each([
    'https://cdn.example.com/a.png',
    'https://10.0.0.5/a.png',
    'http://127.0.0.1:4010/sandbox/uploads/a.png',
    'http://127.1.2.3/a',
    'http://localhost:8080/a',
    'http://app.localhost/a',
    'http://[::1]:9000/a',
    '  https://cdn.example.com/padded.png  ',
  ])('accepts %s', (text) => expect(isAllowedWebAddress(text)).toBe(true));

  it.each([
    'http://cdn.example.com/a.png',
    'http://192.168.1.10/a.png',
    'http://127.0.0.1.evil.example/a.png',
    'http://localhost.evil.example/a',
    'ftp://cdn.example.com/a.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'cdn.example.com/a.png',
    '',
    'https://',
  ])('refuses %j', (text) => expect(isAllowedWebAddress(text)).toBe(false));
});

describe('isLoopbackHost', () => {
  it('knows this computer by name and number, and nothing else', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example')).toBe(false);
  });
});

describe('a service’s address follows the same rule', () => {
  const account = (baseUrl: string) => ({ name: 'Team', baseUrl, apiKey: 'key-123456789' });
  it('takes https anywhere and http on this computer only, and says so', () => {
    expect(newAccountSchema.safeParse(account('https://api.example.com')).success).toBe(true);
    expect(newAccountSchema.safeParse(account('http://127.0.0.1:4010')).success).toBe(true);
    const refused = newAccountSchema.safeParse(account('http://api.example.com'));
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'The address must start with https:// (http:// only for this computer, such as the sandbox).',
    ]);
  });
});
