// Which addresses a file may be fetched from: a signed link, and each redirect it leads through, is checked
// before it is requested. https anywhere public; this computer (loopback, plain http allowed) only for an
// account that is itself on this computer, as the sandbox is (its links are http://127.0.0.1:<port>/cdn/…);
// the local network (10/8, 192.168/16, link-local, multicast, reserved…) only over https for an account
// that is itself there. So a remote service's link, or a redirect from it, cannot reach a server on this
// computer or its network. A host name is placed by what it resolves to when the connection is made
// (resolvedProblem, used by download-dispatcher.ts), the same rule on every address it has.
import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '../../shared/domain/urls';

export type Place = 'loopback' | 'private' | 'public';

// 0.0.0.0/8 and :: are this computer too: a connection to 0.0.0.0 reaches its own servers.
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addSubnet('0.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');
PRIVATE.addSubnet('ff00::', 8, 'ipv6'); // multicast
PRIVATE.addSubnet('64:ff9b:1::', 48, 'ipv6'); // NAT64 for the local network (RFC 8215)

/** An IPv6 address as its eight 16-bit groups (a dotted IPv4 tail taken as two); null when not one. */
function groupsOf(address: string): number[] | null {
  let text = address;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  if (fill < 0) return null;
  const groups = [...front, ...new Array<number>(fill).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/**
 * The IPv4 address an IPv6 address carries, as IPv4: mapped (`::ffff:7f00:1`, as URL writes it),
 * IPv4-compatible (`::127.0.0.1`, deprecated) and NAT64's well-known prefix (`64:ff9b::a.b.c.d`, which a
 * NAT64 gateway turns into that IPv4 address). Null for any other address.
 */
function embeddedIpv4(address: string): string | null {
  const groups = groupsOf(address);
  if (!groups) return null;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeros = g2 === 0 && g3 === 0 && g4 === 0;
  const mapped = g0 === 0 && g1 === 0 && zeros && g5 === 0xffff;
  const compatible = g0 === 0 && g1 === 0 && zeros && g5 === 0 && !(g6 === 0 && g7 <= 1);
  const nat64 = g0 === 0x64 && g1 === 0xff9b && zeros && g5 === 0;
  if (!mapped && !compatible && !nat64) return null;
  return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join('.');
}

/** Where an address (or a name, by its name alone) is: this computer, the local network, or elsewhere. */
export function placeOf(hostname: string): Place {
  // `localhost.` is `localhost`: a trailing dot only says the name is complete.
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isLoopbackHost(host)) return 'loopback';
  const family = isIP(host);
  if (family === 0) return 'public';
  const v4 = family === 6 ? embeddedIpv4(host) : host;
  const address = v4 ?? host;
  const type = v4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return 'loopback';
  return PRIVATE.check(address, type) ? 'private' : 'public';
}

/** Where the account's service is; a missing or broken address is taken as remote, the strictest. */
export function homeOf(accountUrl: string): Place {
  try {
    return placeOf(new URL(accountUrl).hostname);
  } catch {
    return 'public';
  }
}

type Refusal = 'loopback' | 'private' | 'http' | null;

function refusal(place: Place, home: Place, protocol: string): Refusal {
  if (place === 'loopback' && home !== 'loopback') return 'loopback';
  if (place === 'private' && home === 'public') return 'private';
  if (protocol === 'http:' && place !== 'loopback') return 'http';
  return null;
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
  switch (refusal(placeOf(url.hostname), homeOf(accountUrl), url.protocol)) {
    case 'loopback':
      return `${what} leads to this computer (${url.host}), while the account’s service is elsewhere, so it was not followed.`;
    case 'private':
      return `${what} leads into the local network (${url.host}), while the account’s service is on the internet, so it was not followed.`;
    case 'http':
      return `${what} uses plain http (${url.host}), which anyone on the way could read or change, so it was not followed. Files are downloaded over https only.`;
    default:
      return null;
  }
}

/**
 * Why a connection to `hostname`, which resolved to `address`, may not be made for an account at `home`
 * over `protocol` ('http:' or 'https:'), in the person's words; null when it may. Run on every address a
 * name resolves to, when the connection is made.
 */
export function resolvedProblem(
  hostname: string,
  address: string,
  home: Place,
  protocol: string,
): string | null {
  const at = `The file’s server ${hostname} is at ${address}`;
  switch (refusal(placeOf(address), home, protocol)) {
    case 'loopback':
      return `${at}, on this computer, while the account’s service is elsewhere, so it was not reached.`;
    case 'private':
      return `${at}, in the local network, while the account’s service is on the internet, so it was not reached.`;
    case 'http':
      return `${at}, off this computer, and its link uses plain http, which anyone on the way could read or change, so it was not reached. Files are downloaded over https only.`;
    default:
      return null;
  }
}
