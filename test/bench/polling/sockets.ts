// Sockets this process holds open to a port: its own socket inodes (/proc/self/fd) matched against the
// kernel's TCP table, ESTABLISHED only. Null where /proc is missing (not Linux).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

const ESTABLISHED = '01';

function ownSocketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // The descriptor closed while we listed them.
    }
  }
  return inodes;
}

export function socketsTo(port: number): number | null {
  try {
    const inodes = ownSocketInodes();
    let count = 0;
    for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
      let text: string;
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        const remote = fields[2];
        if (!remote || fields[3] !== ESTABLISHED || !inodes.has(fields[9] ?? '')) continue;
        if (Number.parseInt(remote.split(':')[1] ?? '', 16) === port) count += 1;
      }
    }
    return count;
  } catch {
    return null;
  }
}

/** Node's own view: TCP handles alive in this process (a cross-check; includes every peer). */
export function tcpHandles(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap').length;
}
