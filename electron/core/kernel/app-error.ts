// Errors of the app's own making (not the service's), each with a kind the renderer can act on.
import type { AppErrorKind } from '../../shared/domain/errors';

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}
