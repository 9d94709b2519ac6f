// Is the app's host back? Asked by the page that lost it, without leaving the page (a reload while the host
// is down shows the browser's own error page): a plain request says whether anything answers at this
// address; a socket offered this tab's session says whether that host still knows the tab. A restarted host
// does not: it forgets every sign-in (sessions live in its memory only), so the tab must sign in anew.
import { SOCKET_PATH } from '../../electron/shared/ipc/socket-protocol';
import { SESSION_PROTOCOL_PREFIX, SOCKET_PROTOCOL } from './socket-protocols';

export type HostAnswer = 'down' | 'back' | 'signed-out';

/** How long a check waits for an answer: something that listens but never answers counts as down. */
const PATIENCE_MS = 5_000;

async function answers(location: Location): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PATIENCE_MS);
  try {
    // The app's own page, never cached: any answer means a host listens here again.
    await fetch(`${location.origin}/`, {
      method: 'HEAD',
      cache: 'no-store',
      credentials: 'omit',
      signal: abort.signal,
    });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** 'known': the host opened a socket on this tab's session; 'refused': it closed it; 'silent': no answer. */
function sessionAnswer(location: Location, session: string): Promise<'known' | 'refused' | 'silent'> {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve) => {
    const socket = new WebSocket(`${scheme}//${location.host}${SOCKET_PATH}`, [
      SOCKET_PROTOCOL,
      `${SESSION_PROTOCOL_PREFIX}${session}`,
    ]);
    const timer = setTimeout(() => {
      resolve('silent');
      socket.close();
    }, PATIENCE_MS);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve('known');
      socket.close();
    });
    socket.addEventListener('close', () => {
      clearTimeout(timer);
      resolve('refused');
    });
  });
}

export async function probeHost(location: Location, session: string | null): Promise<HostAnswer> {
  if (!(await answers(location))) return 'down';
  if (!session) return 'signed-out';
  const answer = await sessionAnswer(location, session);
  return answer === 'known' ? 'back' : answer === 'refused' ? 'signed-out' : 'down';
}
