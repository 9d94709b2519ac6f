// Which addresses a file may be fetched from: a signed link, and each redirect it leads through, is checked
// before it is requested. https anywhere public; this computer (loopback, plain http allowed) only for an
// account that is itself on this computer, as the sandbox is (its links are http://127.0.0.1:<port>/cdn/…);
// the local network (10/8, 192.168/16, link-local…) only over https for an account that is itself there. So
// a remote service's link, or a redirect from it, cannot reach a server on this computer or its network.
// A host name that resolves to such an address is not caught here (that needs the resolver's answer).
import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '../../shared/domain/urls';

type Place = 'loopback' | 'private' | 'public';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
PRIVATE.addAddress('::', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:7f00:1`, as URL writes it), as IPv4; else the address. */
function unmapped(address: string): string {
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!mapped) return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const high = parseInt(mapped[1] ?? '0', 16);
  const low = parseInt(mapped[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function placeOf(hostname: string): Place {
  const host = unmapped(hostname.toLowerCase().replace(/^\[|\]$/g, ''));
  if (isLoopbackHost(host)) return 'loopback';
  const family = isIP(host);
  if (family === 0) return 'public';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(host, type)) return 'loopback';
  return PRIVATE.check(host, type) ? 'private' : 'public';
}

/**
 * Why `address` may not be fetched for an account at `accountUrl`, in the person's words; null when it
 * may. `via` says whether it is the signed link itself or a redirect the server answered with.
 */
export function linkProblem(address: string, accountUrl: string, via: 'link' | 'redirect'): string | null {
  const what = via === 'link' ? 'The file’s link' : 'The file’s server redirected to an address that';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `${what} is not a web address, so it was not followed.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `${what} uses ${url.protocol.replace(/:$/, '')}, not https, so it was not followed.`;
  }
  const place = placeOf(url.hostname);
  let home: Place = 'public';
  try {
    home = placeOf(new URL(accountUrl).hostname);
  } catch {
    // No address known for the account: treated as remote, the strictest.
  }
  if (place === 'loopback' && home !== 'loopback') {
    return `${what} leads to this computer (${url.host}), while the account’s service is elsewhere, so it was not followed.`;
  }
  if (place === 'private' && home === 'public') {
    return `${what} leads into the local network (${url.host}), while the account’s service is on the internet, so it was not followed.`;
  }
  if (url.protocol === 'http:' && place !== 'loopback') {
    return `${what} uses plain http (${url.host}), which anyone on the way could read or change, so it was not followed. Files are downloaded over https only.`;
  }
  return null;
}
