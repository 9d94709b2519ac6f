// Headlines for why an account could not be connected; main's sentence below says what to do.
import type { AppErrorKind } from '../../../electron/shared/ipc/contract';

export function connectErrorTitle(kind: AppErrorKind): string {
  switch (kind) {
    case 'unauthorized':
      return 'The service refused this API key';
    case 'network':
    case 'timeout':
      return 'The service could not be reached';
    case 'not-found':
    case 'invalid-response':
      return 'This address does not answer like the Job Rendering Service';
    case 'keychain':
      return 'The key could not be stored';
    case 'invalid-input':
      return 'Some details need fixing';
    case 'rate-limited':
      return 'The service is busy';
    case 'server':
      return 'The service had a problem';
    default:
      return 'The account could not be connected';
  }
}
