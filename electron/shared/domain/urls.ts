// The one rule for web addresses the person types (a service's address, a file's address in a job): https
// anywhere, plain http only for this computer (localhost, 127.x.x.x, ::1), where the built-in sandbox and
// a local service run and nothing crosses a network unencrypted. The words below say exactly this rule.

/** Where plain http is accepted, in words, for messages. */
export const HTTP_EXCEPTION_WORDS = 'http:// only for this computer, such as the sandbox';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** Whether `text` is an https address, or an http address of this computer. */
export function isAllowedWebAddress(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  if (url.hostname === '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}
