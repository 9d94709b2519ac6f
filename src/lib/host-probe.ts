// Is the app's host back? Asked by the page that lost it, without leaving the page (a reload while the host
// is down shows the browser's own error page): a plain request says whether anything answers at this
// address; a socket offered this tab's session says whether that host still knows the tab. A restarted host
// does not: it forgets every sign-in (sessions live in its memory only), so the tab must sign in anew.
import { SOCKET_PATH } from '../../electron/shared/ipc/socket-protocol';
import { SESSION_PROTOCOL_PREFIX, SOCKET_PROTOCOL } from './socket-protocols';

export type HostAnswer = 'down' | 'back' | 'signed-out';

async function answers(location: Location): Promise<boolean> {
  try {
    // The app's own page, never cached: any answer means a host listens here again.
    await fetch(`${location.origin}/`, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
    return true;
  } catch {
    return false;
  }
}

function sessionIsKnown(location: Location, session: string): Promise<boolean> {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve) => {
    const socket = new WebSocket(`${scheme}//${location.host}${SOCKET_PATH}`, [
      SOCKET_PROTOCOL,
      `${SESSION_PROTOCOL_PREFIX}${session}`,
    ]);
    socket.addEventListener('open', () => {
      resolve(true);
      socket.close();
    });
    socket.addEventListener('close', () => resolve(false));
  });
}

export async function probeHost(location: Location, session: string | null): Promise<HostAnswer> {
  if (!(await answers(location))) return 'down';
  if (!session) return 'signed-out';
  return (await sessionIsKnown(location, session)) ? 'back' : 'signed-out';
}
