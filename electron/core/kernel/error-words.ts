// The one place an error becomes data for the renderer and a sentence for a person: the service's
// errors (ApiError) and the app's own (AppError) keep their kind and message; anything else is internal.
import type { AppErrorData } from '../../shared/domain/errors';
import { isApiError } from '../api';
import { AppError } from './app-error';

const INTERNAL = 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.';

export function toAppErrorData(error: unknown): AppErrorData {
  if (isApiError(error)) return { kind: error.kind, message: error.message };
  if (error instanceof AppError) return { kind: error.kind, message: error.message };
  return { kind: 'internal', message: INTERNAL };
}

export function errorSentence(error: unknown): string {
  return toAppErrorData(error).message;
}
